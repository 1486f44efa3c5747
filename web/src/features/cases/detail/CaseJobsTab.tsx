import { useQueryClient } from '@tanstack/react-query';
import { CaseJobs } from '../../jobs/index.ts';
import { caseKeys } from '../api/case-keys.ts';
import { useDetailCase } from './case-outlet.ts';

/** Spec §2 `case-detail-jobs`: the imaging jobs of the case (ingest and its reruns), with their reports. */
export function CaseJobsTab() {
  const kase = useDetailCase();
  const queryClient = useQueryClient();
  // A rerun or a termination can change the case's status, shown in the header and the list.
  const onCaseChanged = () => {
    void queryClient.invalidateQueries({ queryKey: caseKeys.detail(kase.id) });
    void queryClient.invalidateQueries({ queryKey: caseKeys.lists() });
  };
  return <CaseJobs caseId={kase.id} onCaseChanged={onCaseChanged} />;
}
