import { type ReportStatus, routes } from '@cardiomap/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../api/index.ts';
import { caseKeys } from './case-keys.ts';

/** How often the report is asked for again while it is being generated (a report takes seconds). */
export const REPORT_POLL_MS = 1500;

export const getStudyReport = (studyId: string, signal?: AbortSignal): Promise<ReportStatus> =>
  call(routes.getStudyReport, { params: { id: studyId }, signal });

/** GET study-report/{studyId}/: the caller's report, polled while the generating flag is on (spec §4). */
export const studyReportQueryOptions = (caseId: string, studyId: string) =>
  queryOptions({
    queryKey: caseKeys.report(caseId),
    queryFn: ({ signal }) => getStudyReport(studyId, signal),
    refetchInterval: (query) => (query.state.data?.generating ? REPORT_POLL_MS : false),
    retry: false,
  });

export const useStudyReport = (caseId: string, studyId: string, enabled: boolean) =>
  useQuery({ ...studyReportQueryOptions(caseId, studyId), enabled });
