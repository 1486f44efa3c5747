import { type Case, routes } from '@cardiomap/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../api/index.ts';
import { caseKeys } from './case-keys.ts';

export const getCase = (id: string, signal?: AbortSignal): Promise<Case> =>
  call(routes.getCase, { params: { id }, signal });

export const caseQueryOptions = (id: string) =>
  queryOptions({ queryKey: caseKeys.detail(id), queryFn: ({ signal }) => getCase(id, signal) });

export const useCase = (id: string) => useQuery(caseQueryOptions(id));
