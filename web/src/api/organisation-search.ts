import { DEFAULT_PAGE_SIZE, type OrganisationChoice, routes } from '@cardiomap/contract';
import { call } from './http.ts';

/** A code is three capital letters (spec §5); a search this short may be one. */
const CODE_LENGTH = 3;

/**
 * Organisations whose name, or for a short search whose code, contains `text` (GET organisations/ with
 * name__icontains and code__icontains, spec §7): code matches first, then name matches, 15 of each.
 * Shared by the organisation pickers of the users form and the licences page.
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
