import { Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { RetryAlert } from '../../../components/RetryAlert.tsx';
import { useUser } from '../../auth/index.ts';
import type { CaseListFilters } from '../api/list-cases.ts';

export const NO_CASES_MESSAGE = 'No cases match your search criteria';
export const FIRST_CASE_MESSAGE = 'You have no cases yet.';
export const FIRST_CASE_HINT =
  'To start, request a new analysis: enter the patient and the devices, then upload the CT images as a zip.';
export const NO_CASES_YET_HINT = 'Cases of your organisation, and cases shared with you, will be listed here.';
export const NO_CASE_ACCESS_HINT = 'Your role does not include access to cases.';

export function LoadingCases() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
      <CircularProgress aria-label="Loading cases" />
    </Box>
  );
}

export function CasesLoadError({ onRetry }: { onRetry: () => void }) {
  return <RetryAlert message="The cases could not be loaded." onRetry={onRetry} />;
}

/**
 * An empty list: spec §2's 'No cases match your search criteria' when a search or filter applies;
 * without one the user has no case at all yet, so it says how to start (with the button, if allowed).
 * Without cases.view_case_details the server lists no case at all (issue 27), so it says that instead.
 */
export function NoCases({ filters, onRequestAnalysis }: { filters: CaseListFilters; onRequestAnalysis: () => void }) {
  const user = useUser();
  if (!user.canAccessCaseDetails) {
    return (
      <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }} data-testid="no-case-access">
        {NO_CASE_ACCESS_HINT}
      </Typography>
    );
  }
  if (filters.search || filters.organisationId) {
    return (
      <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
        {NO_CASES_MESSAGE}
      </Typography>
    );
  }
  return (
    <Stack spacing={1.5} sx={{ py: 6, alignItems: 'center', textAlign: 'center' }} data-testid="no-cases-yet">
      <Typography variant="h6" component="p">
        {FIRST_CASE_MESSAGE}
      </Typography>
      <Typography color="text.secondary">{user.canAddCase ? FIRST_CASE_HINT : NO_CASES_YET_HINT}</Typography>
      {user.canAddCase && (
        <Button variant="contained" onClick={onRequestAnalysis}>
          Request your first analysis
        </Button>
      )}
    </Stack>
  );
}
