import type { QueryClient } from '@tanstack/react-query';
import { viewerKeys } from '../../viewer/index.ts';
import { caseKeys } from './case-keys.ts';
import { staffKeys } from './staff-keys.ts';

/**
 * What a staff action changes: the case (status, orders, services), every list showing it, and — when it
 * has a study — what the viewer and the study panels show (delivered or taken-back results, analyses).
 */
export function refreshAfterStaffAction(queryClient: QueryClient, caseId: string, studyId: string | null) {
  const keys: readonly (readonly unknown[])[] = [
    caseKeys.detail(caseId),
    caseKeys.lists(),
    ...(studyId ? [staffKeys.study(studyId), viewerKeys.study(studyId)] : []),
  ];
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
