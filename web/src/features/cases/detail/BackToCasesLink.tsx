import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Button } from '@mui/material';
import { Link as RouterLink } from 'react-router';

/** The way back from a case to the case list (issue 17 §1), kept out of the iframe-free header. */
export function BackToCasesLink() {
  return (
    <Button component={RouterLink} to="/cases" startIcon={<ArrowBackIcon />} size="small" sx={{ mb: 1 }}>
      Back to cases
    </Button>
  );
}
