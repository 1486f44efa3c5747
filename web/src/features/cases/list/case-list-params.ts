import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { useUser } from '../../auth/index.ts';

export type CaseView = 'table' | 'cards';

export interface CaseListParams {
  search: string;
  organisationId: string | undefined;
  view: CaseView;
  page: number;
  /** The page parameter is present but not a whole number from 1 (spec §2: an invalid page resets to 1). */
  pageInvalid: boolean;
}

export interface CaseListParamChanges {
  search?: string;
  organisationId?: string | undefined;
  view?: CaseView;
  page?: number;
}

const parsePage = (raw: string | null): number | null => {
  if (raw === null) return 1;
  return /^[1-9]\d*$/.test(raw) ? Number(raw) : null;
};

/**
 * The case list's state lives in the query parameters org, search, view and page (spec §2), so a list
 * can be bookmarked and the back button works. Without `view` the user's casesDefaultTableView setting
 * decides. Changing the search or organisation starts again at page 1.
 */
export function useCaseListParams(): [CaseListParams, (changes: CaseListParamChanges, replace?: boolean) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const { settings } = useUser();
  const rawView = searchParams.get('view');
  const page = parsePage(searchParams.get('page'));
  const params: CaseListParams = {
    search: searchParams.get('search') ?? '',
    organisationId: searchParams.get('org') || undefined,
    view: rawView === 'table' || rawView === 'cards' ? rawView : settings.casesDefaultTableView ? 'table' : 'cards',
    page: page ?? 1,
    pageInvalid: page === null,
  };

  const update = useCallback(
    (changes: CaseListParamChanges, replace = false) =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          const set = (key: string, value: string | undefined) => {
            if (value) next.set(key, value);
            else next.delete(key);
          };
          if ('search' in changes) set('search', changes.search?.trim());
          if ('organisationId' in changes) set('org', changes.organisationId);
          if ('view' in changes) set('view', changes.view);
          if ('search' in changes || 'organisationId' in changes || 'view' in changes) next.delete('page');
          if (changes.page !== undefined) set('page', changes.page > 1 ? String(changes.page) : undefined);
          return next;
        },
        { replace },
      ),
    [setSearchParams],
  );
  return [params, update];
}
