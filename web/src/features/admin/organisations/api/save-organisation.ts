import { type Organisation, type OrganisationCreate, type OrganisationPatch, routes } from '@cardiomap/contract';
import { useQueryClient } from '@tanstack/react-query';
import { call } from '../../../../api/index.ts';
import { type MutationFeedback, useApiMutation } from '../../../../hooks/use-api-mutation.ts';
import { organisationKeys } from './organisation-keys.ts';

/** POST organisations/ (spec §8 toast 'Organisation successfully created'). */
export function useCreateOrganisation(feedback?: MutationFeedback<Organisation, OrganisationCreate>) {
  const queryClient = useQueryClient();
  return useApiMutation(
    {
      mutationFn: (body: OrganisationCreate) => call(routes.createOrganisation, { body }),
      successToast: 'Organisation successfully created',
      onSuccess: () => queryClient.invalidateQueries({ queryKey: organisationKeys.all }),
    },
    feedback,
  );
}

export interface UpdateOrganisation {
  id: string;
  patch: OrganisationPatch;
}

/** PATCH organisations/{id} (spec §8 toast 'Organisation successfully updated'). */
export function useUpdateOrganisation(feedback?: MutationFeedback<Organisation, UpdateOrganisation>) {
  const queryClient = useQueryClient();
  return useApiMutation(
    {
      mutationFn: ({ id, patch }: UpdateOrganisation) =>
        call(routes.updateOrganisation, { params: { id }, body: patch }),
      successToast: 'Organisation successfully updated',
      onSuccess: () => queryClient.invalidateQueries({ queryKey: organisationKeys.all }),
    },
    feedback,
  );
}
