import { useEffect } from 'react';
import type { CaseListParamChanges, CaseListParams } from './case-list-params.ts';

/** A page parameter that is not a page number (`?page=abc`, `?page=0`) is replaced by page 1 (spec §2). */
export function useValidPage(
  params: CaseListParams,
  update: (changes: CaseListParamChanges, replace?: boolean) => void,
) {
  useEffect(() => {
    if (params.pageInvalid) update({ page: 1 }, true);
  }, [params.pageInvalid, update]);
}
