import { safeRedirectTarget } from '@cardiomap/domain';
import { Alert, Box, Button, Card, CardContent, Checkbox, FormControlLabel, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useApiMutation } from '../../hooks/use-api-mutation.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { acceptTerms } from './api/auth-api.ts';
import { setCurrentUser } from './session.ts';
import { useUser } from './user-context.ts';

/** Spec §2 "terms": the user approves the terms of use before using the application. */
export function TermsPage() {
  usePageTitle('Terms of use');
  const user = useUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [agreed, setAgreed] = useState(false);
  const next = safeRedirectTarget(searchParams.get('redirect'));
  const accept = useApiMutation({
    mutationFn: acceptTerms,
    onSuccess: (updated) => {
      setCurrentUser(queryClient, updated);
      navigate(next, { replace: true });
    },
  });

  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', mt: 4, px: 2 }}>
      <Card sx={{ width: 720, maxWidth: '100%' }}>
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            Terms of use
          </Typography>
          {user.previously_approved && !user.hasApprovedTerms && (
            <Alert severity="info" sx={{ mb: 2 }}>
              The terms of use have changed since you last accepted them. Please read and accept them again.
            </Alert>
          )}
          <Stack spacing={1.5} sx={{ maxHeight: 360, overflow: 'auto', mb: 2 }} tabIndex={0} aria-label="Terms text">
            <Typography variant="body2">
              CardioMap supports the planning of structural-heart interventions. Analyses, measurements and device
              simulations are aids to a qualified clinician's judgement and do not replace it. Results labelled
              &lsquo;Not intended for medical use&rsquo; must not be used to decide on patient treatment.
            </Typography>
            <Typography variant="body2">
              You may upload imaging only for patients whose data your organisation is entitled to process, and only
              through the de-identifying upload of this application. Keep your credentials to yourself; every action is
              recorded against your account.
            </Typography>
            <Typography variant="body2">
              Patient data is processed on behalf of your organisation under its data processing contract and is never
              used for other purposes without its consent.
            </Typography>
          </Stack>
          {user.hasApprovedTerms ? (
            <Stack sx={{ alignItems: 'center' }} direction="row" spacing={2}>
              <Typography variant="body2">You have accepted these terms.</Typography>
              <Button variant="contained" onClick={() => navigate(next, { replace: true })}>
                Continue
              </Button>
            </Stack>
          ) : (
            <Stack sx={{ alignItems: 'center', justifyContent: 'space-between' }} direction="row" spacing={2}>
              <FormControlLabel
                control={<Checkbox checked={agreed} onChange={(event) => setAgreed(event.target.checked)} />}
                label="I have read and accept the terms of use"
              />
              <Button variant="contained" disabled={!agreed || accept.isPending} onClick={() => accept.mutate()}>
                {accept.isPending ? 'Saving…' : 'Accept'}
              </Button>
            </Stack>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
