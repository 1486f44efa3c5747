import type { RegistrationAccepted } from '@cardiomap/contract';
import { Alert, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorToastMessage } from '../../api/index.ts';
import { shownByOnError } from '../../hooks/use-api-mutation.ts';
import { useResendVerification } from './api/resend-verification.ts';
import { ResendButton } from './ResendButton.tsx';

interface Props {
  answer: RegistrationAccepted;
  /** Kept in memory only, so "send a new link" needs no retyping on this page. */
  password: string;
}

/** After registering: where the link went, and a new one after the countdown. */
export function CheckEmailPanel({ answer, password }: Props) {
  const [detail, setDetail] = useState(answer.detail);
  const [availableAt, setAvailableAt] = useState(() => Date.now() + answer.resendAvailableIn * 1000);
  const [error, setError] = useState<string | null>(null);
  const resend = useResendVerification({ onError: (failure) => setError(errorToastMessage(failure)) });

  const again = async () => {
    setError(null);
    const next = await resend.mutateAsync({ email: answer.email, password }).catch(shownByOnError);
    if (!next) return;
    setDetail(next.detail);
    setAvailableAt(Date.now() + next.resendAvailableIn * 1000);
  };

  return (
    <Stack spacing={2} data-testid="check-email">
      <Typography variant="h6" component="h2">
        Check your e-mail
      </Typography>
      <Typography data-testid="registration-detail">{detail}</Typography>
      <Typography color="text.secondary">
        After verifying, sign in: your account waits for an administrator to link it to your organisation.
      </Typography>
      {error && <Alert severity="error">{error}</Alert>}
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Button component={RouterLink} to="/login">
          Go to sign in
        </Button>
        <ResendButton availableAt={availableAt} busy={resend.isPending} onResend={() => void again()} />
      </Stack>
    </Stack>
  );
}
