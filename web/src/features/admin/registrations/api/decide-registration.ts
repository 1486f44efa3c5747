import { type ApproveRegistration, routes } from '@cardiomap/contract';
import { useQueryClient } from '@tanstack/react-query';
import { call } from '../../../../api/index.ts';
import { type MutationFeedback, useApiMutation } from '../../../../hooks/use-api-mutation.ts';
import { organisationKeys } from '../../organisations/api/organisation-keys.ts';
import { registrationKeys } from './registration-keys.ts';

export interface Approval {
  userId: string;
  body: ApproveRegistration;
}

/** POST incoming-registrations/{id}/approve/; a new organisation may appear, so both lists reload. */
export function useApproveRegistration(feedback?: MutationFeedback<{ organisationId: string }, Approval>) {
  const queryClient = useQueryClient();
  return useApiMutation(
    {
      mutationFn: ({ userId, body }: Approval) => call(routes.approveRegistration, { params: { userId }, body }),
      successToast: 'Registration approved',
      onSuccess: () =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: registrationKeys.all }),
          queryClient.invalidateQueries({ queryKey: organisationKeys.all }),
        ]),
    },
    feedback,
  );
}

export interface Decline {
  userId: string;
  reason: string;
}

/** POST incoming-registrations/{id}/decline/ with the reason the user is e-mailed. */
export function useDeclineRegistration(feedback?: MutationFeedback<unknown, Decline>) {
  const queryClient = useQueryClient();
  return useApiMutation(
    {
      mutationFn: ({ userId, reason }: Decline) =>
        call(routes.declineRegistration, { params: { userId }, body: { reason } }),
      successToast: 'Registration declined',
      onSuccess: () => queryClient.invalidateQueries({ queryKey: registrationKeys.all }),
    },
    feedback,
  );
}
