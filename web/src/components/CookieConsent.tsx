import { Box, Button, Link, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { analytics } from '../lib/analytics.ts';
import { type ConsentChoice, readConsent, storeConsent } from '../lib/consent.ts';

/** Spec §1/§9: a persistent overlay, width 600 and z-index 1000, on every screen until a choice is stored. */
export const COOKIE_DIALOG_WIDTH = 600;
export const COOKIE_DIALOG_Z_INDEX = 1000;

export function CookieConsent() {
  const [choice, setChoice] = useState<ConsentChoice | null>(() => {
    const stored = readConsent();
    analytics.startIfAllowed(stored);
    return stored;
  });
  if (choice) return null;

  const choose = (value: ConsentChoice) => {
    storeConsent(value);
    analytics.startIfAllowed(value);
    setChoice(value);
  };

  return (
    <Paper
      role="dialog"
      aria-labelledby="cookie-consent-title"
      data-testid="cookie-consent"
      elevation={8}
      sx={{
        position: 'fixed',
        bottom: 16,
        left: '50%',
        transform: 'translateX(-50%)',
        width: COOKIE_DIALOG_WIDTH,
        maxWidth: 'calc(100vw - 32px)',
        zIndex: COOKIE_DIALOG_Z_INDEX,
        p: 3,
      }}
    >
      <Typography id="cookie-consent-title" variant="h6" component="h2" gutterBottom>
        Cookies on CardioMap
      </Typography>
      <Typography variant="body2">
        We use strictly necessary cookies to keep you signed in and to remember this choice; they cannot be turned off.
        With your consent we also use analytics cookies to learn how the application is used.
      </Typography>
      <Box sx={{ mt: 1 }}>
        <Link component={RouterLink} to="/cookiepolicy" variant="body2">
          Read the cookie policy
        </Link>
      </Box>
      <Stack sx={{ justifyContent: 'flex-end', mt: 2 }} direction="row" spacing={2}>
        <Button variant="outlined" onClick={() => choose('functional')}>
          Accept Functional Only
        </Button>
        <Button variant="contained" onClick={() => choose('all')}>
          Accept all
        </Button>
      </Stack>
    </Paper>
  );
}
