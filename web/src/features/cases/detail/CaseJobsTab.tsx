import { CaseJobs } from '../../jobs/index.ts';
import { useDetailCase } from './case-outlet.ts';

/** Spec §2 `case-detail-jobs`: the imaging jobs of the case (ingest and its reruns), with their reports. */
export function CaseJobsTab() {
  const kase = useDetailCase();
  return <CaseJobs caseId={kase.id} />;
}
