import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import type { CaseListFilters } from '../api/list-cases.ts';
import type { CaseListParams } from './case-list-params.ts';

/** Spec §9: the list reloads 100 ms after its parameters settle, so quick clicks cost one request. */
export const LIST_RELOAD_DEBOUNCE_MS = 100;

/**
 * The filters and page as they were when they last settled. They travel as one string so that they
 * settle together: a search that resets the page must not load page 3 of the new search first.
 */
export function useSettledFilters(params: CaseListParams): { filters: CaseListFilters; page: number } {
  const key = JSON.stringify([params.search, params.organisationId ?? null, params.page]);
  const [search, organisationId, page] = JSON.parse(useDebouncedValue(key, LIST_RELOAD_DEBOUNCE_MS)) as [
    string,
    string | null,
    number,
  ];
  return { filters: { search: search || undefined, organisationId: organisationId ?? undefined }, page };
}
