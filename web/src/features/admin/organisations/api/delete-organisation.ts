import { routes } from '@cardiomap/contract';
import { useQueryClient } from '@tanstack/react-query';
import { call } from '../../../../api/index.ts';
import { type MutationFeedback, useApiMutation } from '../../../../hooks/use-api-mutation.ts';
import { organisationKeys } from './organisation-keys.ts';

/** DELETE organisations/{id}; refused (409) while it has cases or members, with the reason as the toast. */
export function useDeleteOrganisation(feedback?: MutationFeedback<unknown, string>) {
  const queryClient = useQueryClient();
  return useApiMutation(
    {
      mutationFn: (id: string) => call(routes.deleteOrganisation, { params: { id } }),
      successToast: 'Successfully deleted organisation',
      onSuccess: () => queryClient.invalidateQueries({ queryKey: organisationKeys.all }),
    },
    feedback,
  );
}
