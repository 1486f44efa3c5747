import { routes } from '@cardiomap/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/index.ts';
import { docsKeys } from './docs-keys.ts';

/** GET organisation-contacts/: the contact people of the signed-in user's organisations. */
export function useOrganisationContacts(enabled: boolean) {
  return useQuery({
    queryKey: docsKeys.contacts(),
    queryFn: ({ signal }) => call(routes.organisationContacts, { signal }),
    enabled,
  });
}
