import { VerificationErrorCode } from '@cardiomap/contract';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useParams } from 'react-router';
import { ApiError, errorToastMessage } from '../../api/index.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useVerifyEmail } from './api/verify-email.ts';
import { ResendVerificationForm } from './ResendVerificationForm.tsx';

const SignInButton = () => (
  <Box>
    <Button component={RouterLink} to="/login" variant="contained">
      Sign in
    </Button>
  </Box>
);

/** Spec §2 public route `emailverification/{verificationKey}`: opens the e-mailed link once. */
export function EmailVerificationPage() {
  usePageTitle('E-mail verification');
  const { verificationKey = '' } = useParams();
  const verification = useVerifyEmail(verificationKey);
  const error = verification.error;
  const code = error instanceof ApiError ? error.code : null;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', mt: { xs: 4, sm: 8 }, px: 2 }}>
      <Card sx={{ width: 520, maxWidth: '100%' }}>
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            E-mail verification
          </Typography>
          {verification.isPending ? (
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
              <CircularProgress size={24} />
              <Typography>Verifying your e-mail address…</Typography>
            </Stack>
          ) : verification.isSuccess ? (
            <Stack spacing={2}>
              <Alert severity="success" data-testid="verification-result">
                {verification.data.detail}
              </Alert>
              <SignInButton />
            </Stack>
          ) : code === VerificationErrorCode.used ? (
            <Stack spacing={2}>
              <Alert severity="info" data-testid="verification-result">
                {error?.message}
              </Alert>
              <SignInButton />
            </Stack>
          ) : code === VerificationErrorCode.invalid || code === VerificationErrorCode.expired ? (
            <Stack spacing={2}>
              <Alert severity="warning" data-testid="verification-result">
                {error?.message}
              </Alert>
              <ResendVerificationForm />
            </Stack>
          ) : (
            <Stack spacing={2}>
              <Alert severity="error" data-testid="verification-result">
                {errorToastMessage(error)}
              </Alert>
              <Box>
                <Button onClick={() => void verification.refetch()}>Try again</Button>
              </Box>
            </Stack>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
