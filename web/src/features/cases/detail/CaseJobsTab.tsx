import { Typography } from '@mui/material';

/**
 * Spec §2 `case-detail-jobs`. Jobs (GET jobs/?case_id=) are created by the imaging pipeline, which
 * arrives with the imaging issue; until then a case has none, and the tab says so.
 */
export function CaseJobsTab() {
  return <Typography color="text.secondary">No jobs yet</Typography>;
}
