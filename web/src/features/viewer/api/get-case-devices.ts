import { routes } from '@cardiomap/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../api/index.ts';
import { viewerKeys } from './viewer-keys.ts';

export interface CaseDevice {
  id: string;
  name: string;
}

/** GET cases/{id}/: the devices the case ordered, which the sizing table sizes (issue 18 §2). */
export const getCaseDevices = async (caseId: string, signal?: AbortSignal): Promise<CaseDevice[]> =>
  (await call(routes.getCase, { params: { id: caseId }, signal })).devices;

export const caseDevicesQueryOptions = (studyId: string, caseId: string) =>
  queryOptions({
    queryKey: viewerKeys.caseDevices(studyId),
    queryFn: ({ signal }) => getCaseDevices(caseId, signal),
  });

export const useCaseDevices = (studyId: string, caseId: string) => useQuery(caseDevicesQueryOptions(studyId, caseId));
