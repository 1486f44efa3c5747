import { emailSchema } from '@cardiomap/contract';
import { Alert, Box, Button, Link, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { accountFormErrors } from '../../api/index.ts';
import { PublicPageCard } from '../../components/PublicPageCard.tsx';
import { usePageTitle } from '../../lib/page-title.ts';
import { type ForgotPasswordReason, requestPasswordReset } from './api/password-api.ts';

/**
 * Spec §2: forgotpassword, and passwordexpired, "the forgot-password page with reason password-expired".
 * The answer is the same whether or not the address has an account.
 */
export function ForgotPasswordPage({ reason }: { reason: ForgotPasswordReason }) {
  usePageTitle(reason === 'expired' ? 'Password expired' : 'Forgot password');
  const [searchParams] = useSearchParams();
  const [email, setEmail] = useState(searchParams.get('email') ?? '');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      setEmailError(parsed.error.issues[0]?.message ?? 'Enter a valid email address.');
      return;
    }
    setEmailError(null);
    setFormError(null);
    setBusy(true);
    try {
      const answer = await requestPasswordReset({ email: parsed.data, reason });
      setSent(answer.detail);
    } catch (error) {
      const errors = accountFormErrors(error, ['email']);
      setEmailError(errors.fields.email ?? null);
      setFormError(errors.form);
    } finally {
      setBusy(false);
    }
  };

  return (
    <PublicPageCard layout="form" title={reason === 'expired' ? 'Your password has expired' : 'Forgot your password?'}>
      {sent ? (
        <Stack spacing={2}>
          <Alert severity="success" data-testid="password-reset-sent">
            {sent}
          </Alert>
          <Link component={RouterLink} to="/login">
            Back to sign in
          </Link>
        </Stack>
      ) : (
        <Box component="form" noValidate onSubmit={submit} aria-label="Request a password reset link">
          <Stack spacing={2}>
            <Typography variant="body2">
              {reason === 'expired'
                ? 'Choose a new password to sign in. Enter your e-mail address and we will send you a link to choose one.'
                : 'Enter your e-mail address and we will send you a link to choose a new password.'}
            </Typography>
            <TextField
              label="E-mail"
              type="email"
              autoComplete="username"
              autoFocus
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              error={Boolean(emailError)}
              helperText={emailError}
            />
            {formError && <Alert severity="error">{formError}</Alert>}
            <Button type="submit" variant="contained" disabled={busy}>
              {busy ? 'Sending…' : 'Send link'}
            </Button>
            <Link component={RouterLink} to="/login">
              Back to sign in
            </Link>
          </Stack>
        </Box>
      )}
    </PublicPageCard>
  );
}
