import { Box, Button, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { usePageTitle } from '../lib/page-title.ts';

/** Spec §2/§8: unknown paths and failed permission checks show 'Page Not Found!' with a link home. */
export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <Box sx={{ textAlign: 'center', mt: 10, px: 2 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Page Not Found!
      </Typography>
      <Typography color="text.secondary" gutterBottom>
        The page you asked for does not exist, or you do not have access to it.
      </Typography>
      <Button component={RouterLink} to="/" variant="contained" sx={{ mt: 2 }}>
        Go to the homepage
      </Button>
    </Box>
  );
}
