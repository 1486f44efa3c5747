import { DEFAULT_PAGE_SIZE, type OrganisationChoice, routes } from '@cardiomap/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from './http.ts';

/** A code is three capital letters (spec §5); a search this short may be one. */
const CODE_LENGTH = 3;

/**
 * Organisations whose name, or for a short search whose code, contains `text` (GET organisations/ with
 * name__icontains and code__icontains, spec §7): code matches first, then name matches, 15 of each.
 */
export async function searchOrganisations(text: string, signal?: AbortSignal): Promise<OrganisationChoice[]> {
  const page = (filter: { name__icontains?: string; code__icontains?: string }) =>
    call(routes.listOrganisations, { query: { page: 1, page_size: DEFAULT_PAGE_SIZE, ...filter }, signal }).then(
      (found) => found.results,
    );
  const [byCode, byName] = await Promise.all([
    text.length <= CODE_LENGTH ? page({ code__icontains: text }) : Promise.resolve([]),
    page({ name__icontains: text }),
  ]);
  const unique = new Map([...byCode, ...byName].map((o) => [o.id, { id: o.id, name: o.name }]));
  return [...unique.values()];
}

/** Query keys of the organisation search behind the shared `OrganisationPicker`. */
export const organisationSearchKeys = {
  all: ['organisation-search'] as const,
  search: (text: string) => [...organisationSearchKeys.all, text] as const,
};

/** The organisations matching `text`, from the first character on; the last answer stays while the next loads. */
export const useOrganisationSearch = (text: string) =>
  useQuery({
    queryKey: organisationSearchKeys.search(text),
    queryFn: ({ signal }) => searchOrganisations(text, signal),
    enabled: text.length > 0,
    placeholderData: keepPreviousData,
  });
