import { Alert, Box, Button } from '@mui/material';

/** A page whose data could not be loaded (network, server fault): says so and offers to try again. */
export function LoadFailedNotice({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Box sx={{ mt: 6, px: 2, display: 'flex', justifyContent: 'center' }}>
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={onRetry}>
            Retry
          </Button>
        }
      >
        {message}
      </Alert>
    </Box>
  );
}
