import { type InputData, MAX_PAGE_SIZE, routes } from '@cardiomap/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../api/index.ts';
import { inputDataKeys } from './input-data-keys.ts';

/** GET input-data/?case_id=: a case has a handful of uploads at most, so one page holds them all. */
export const listInputData = async (caseId: string, signal?: AbortSignal): Promise<InputData[]> => {
  const page = await call(routes.listInputData, { query: { case_id: caseId, page_size: MAX_PAGE_SIZE }, signal });
  return page.results;
};

export const caseInputDataQueryOptions = (caseId: string) =>
  queryOptions({ queryKey: inputDataKeys.ofCase(caseId), queryFn: ({ signal }) => listInputData(caseId, signal) });

export const useCaseInputData = (caseId: string, options: { enabled?: boolean } = {}) =>
  useQuery({ ...caseInputDataQueryOptions(caseId), enabled: options.enabled ?? true });
