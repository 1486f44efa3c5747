import { type AdminUser, type CreateUserInput, routes, type UpdateUserInput } from '@cardiomap/contract';
import { useQueryClient } from '@tanstack/react-query';
import { call } from '../../../../api/index.ts';
import { type MutationFeedback, useApiMutation } from '../../../../hooks/use-api-mutation.ts';
import { adminUserKeys } from './admin-user-keys.ts';

/** Every user write refreshes the table and the form from the server's answer. */
function useUserWrite<TVariables, TData = AdminUser>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  successToast: string,
  feedback?: MutationFeedback<TData, TVariables>,
) {
  const queryClient = useQueryClient();
  return useApiMutation(
    { mutationFn, successToast, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUserKeys.all }) },
    feedback,
  );
}

export const useCreateUser = (feedback?: MutationFeedback<AdminUser, CreateUserInput>) =>
  useUserWrite((body: CreateUserInput) => call(routes.createUser, { body }), 'User successfully created', feedback);

export const useUpdateUser = (id: string, feedback?: MutationFeedback<AdminUser, UpdateUserInput>) =>
  useUserWrite(
    (body: UpdateUserInput) => call(routes.updateUser, { params: { id }, body }),
    'User successfully updated',
    feedback,
  );

/** Spec §4: marking active patches isActive true. */
export const useMarkActive = (id: string) =>
  useUserWrite(() => call(routes.updateUser, { params: { id }, body: { isActive: true } }), 'User marked as active');

/** Spec §4: marking inactive is the delete call. */
export const useMarkInactive = (id: string) =>
  useUserWrite(() => call(routes.deactivateUser, { params: { id } }), 'User marked inactive');

export const useExpirePassword = (id: string) =>
  useUserWrite(() => call(routes.expireUserPassword, { params: { id }, body: {} }), 'Password expired');

export const useSetPassword = (
  id: string,
  feedback?: MutationFeedback<AdminUser, { newPassword: string; newPassword2: string }>,
) =>
  useUserWrite(
    (body: { newPassword: string; newPassword2: string }) => call(routes.setUserPassword, { params: { id }, body }),
    'Password successfully changed',
    feedback,
  );
