import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';

export const NO_CASES_MESSAGE = 'No cases match your search criteria';

export function LoadingCases() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
      <CircularProgress aria-label="Loading cases" />
    </Box>
  );
}

export function CasesLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      The cases could not be loaded.
    </Alert>
  );
}

export function NoCases() {
  return (
    <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
      {NO_CASES_MESSAGE}
    </Typography>
  );
}
