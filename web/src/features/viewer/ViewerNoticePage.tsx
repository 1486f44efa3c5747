import { Box, Button, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { isInIframe } from '../../lib/iframe.ts';
import { usePageTitle } from '../../lib/page-title.ts';

/** Spec §2 `/results-pending`. */
export function ResultsPendingPage() {
  usePageTitle('Results pending');
  return (
    <Box sx={{ textAlign: 'center', mt: 10, px: 2 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        This case is still being processed
      </Typography>
      <Typography color="text.secondary">Please come back later.</Typography>
    </Box>
  );
}

/** Spec §2 `/case-canceled`: the way home is hidden inside an iframe, where there is no home. */
export function CaseCanceledPage() {
  usePageTitle('Case canceled');
  return (
    <Box sx={{ textAlign: 'center', mt: 10, px: 2 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        This case has been canceled.
      </Typography>
      {!isInIframe() && (
        <Button component={RouterLink} to="/cases" variant="contained" sx={{ mt: 2 }}>
          Back to Home
        </Button>
      )}
    </Box>
  );
}
