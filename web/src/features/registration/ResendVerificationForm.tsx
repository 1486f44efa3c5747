import { resendVerificationSchema } from '@cardiomap/contract';
import { Alert, Box, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { ApiError, errorToastMessage } from '../../api/index.ts';
import { shownByOnError } from '../../hooks/use-api-mutation.ts';
import { useResendVerification } from './api/resend-verification.ts';
import { ResendButton } from './ResendButton.tsx';

type Field = 'email' | 'password';

/**
 * A new verification link, asked for with the address and the password chosen at registration: the
 * server re-issues only the registration that password made, and answers the same for any address.
 */
export function ResendVerificationForm() {
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field | 'form', string>>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [availableAt, setAvailableAt] = useState(0);
  const resend = useResendVerification({
    onError: (error) => {
      if (error instanceof ApiError && error.status === 400) {
        setErrors({ email: error.messagesFor('email')[0], password: error.messagesFor('password')[0] });
      } else setErrors({ form: errorToastMessage(error) });
    },
  });

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    const parsed = resendVerificationSchema.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as Field] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    const answer = await resend.mutateAsync(parsed.data).catch(shownByOnError);
    if (!answer) return;
    setNotice(answer.detail);
    setAvailableAt(Date.now() + answer.resendAvailableIn * 1000);
  };

  const field = (name: Field) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValues({ ...values, [name]: event.target.value }),
    error: !!errors[name],
    helperText: errors[name],
  });
  return (
    <Box component="form" noValidate onSubmit={send} aria-label="New verification link">
      <Stack spacing={2}>
        <Typography>Enter the e-mail address and the password you registered with to get a new link.</Typography>
        <TextField label="E-mail" type="email" autoComplete="email" required {...field('email')} />
        <TextField label="Password" type="password" autoComplete="current-password" required {...field('password')} />
        {notice && (
          <Alert severity="success" data-testid="verification-notice">
            {notice}
          </Alert>
        )}
        {errors.form && <Alert severity="error">{errors.form}</Alert>}
        <Box>
          <ResendButton availableAt={availableAt} busy={resend.isPending} onResend={() => void send()} />
        </Box>
      </Stack>
    </Box>
  );
}
