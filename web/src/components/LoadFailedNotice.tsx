import { Box } from '@mui/material';
import { RetryAlert } from './RetryAlert.tsx';

/** A page whose data could not be loaded (network, server fault): says so and offers to try again. */
export function LoadFailedNotice({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Box sx={{ mt: 6, px: 2, display: 'flex', justifyContent: 'center' }}>
      <RetryAlert message={message} onRetry={onRetry} />
    </Box>
  );
}
