import { type OtpRequired, signInRequestSchema, type TokenPair } from '@cardiomap/contract';
import { safeRedirectTarget } from '@cardiomap/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Link, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { forgetSessionEndReason, lastSessionEndReason, tokenStore } from '../../api/index.ts';
import { PublicPageCard } from '../../components/PublicPageCard.tsx';
import { usePageTitle } from '../../lib/page-title.ts';
import { signIn } from './api/auth-api.ts';
import { OtpStep } from './OtpStep.tsx';
import { startSession } from './session.ts';
import { type FormErrors, signInErrors } from './sign-in-errors.ts';

type Credentials = z.input<typeof signInRequestSchema>;
/** Spec §2 "Other states": auth status is loading, success or error. */
export type AuthStatus = 'idle' | 'loading' | 'success' | 'error';

export function LoginPage() {
  usePageTitle('Sign in');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [status, setStatus] = useState<AuthStatus>('idle');
  const [formError, setFormError] = useState<FormErrors | null>(null);
  const [challenge, setChallenge] = useState<{ email: string; otp: OtpRequired } | null>(null);
  // Why the session of this tab ended, if the server said (a deactivated account, issue 30 §8).
  const [sessionEnded] = useState(lastSessionEndReason);
  useEffect(forgetSessionEndReason, []);
  const form = useForm<Credentials>({
    resolver: zodResolver(signInRequestSchema),
    defaultValues: { email: '', password: '' },
  });

  // A refused sign-in's message is about the credentials sent: editing them makes it stale. (Field
  // messages clear by themselves: the form validates each field again as it changes after a submit.)
  useEffect(() => {
    const subscription = form.watch(() => setFormError(null));
    return () => subscription.unsubscribe();
  }, [form]);

  const finish = (tokens: TokenPair) => {
    setStatus('success');
    startSession(queryClient, tokens);
    // Home goes through the guards, which send new users to pendingregistration or terms first.
    navigate(safeRedirectTarget(searchParams.get('redirect'), '/'), { replace: true });
  };

  const submit = form.handleSubmit(async (credentials) => {
    setStatus('loading');
    setFormError(null);
    try {
      const answer = await signIn(credentials);
      if ('otpRequired' in answer) {
        setStatus('idle');
        setChallenge({ email: credentials.email.trim().toLowerCase(), otp: answer });
      } else finish(answer);
    } catch (error) {
      // Spec §8: a failed login sets the error status and removes stored tokens.
      tokenStore.clear();
      setStatus('error');
      const errors = signInErrors(error, ['email', 'password']);
      for (const [field, message] of Object.entries(errors.fields)) {
        form.setError(field as keyof Credentials, { message });
      }
      setFormError(errors);
    }
  });

  const { errors } = form.formState;
  return (
    <PublicPageCard layout="form" title="Sign in to CardioMap">
      {challenge ? (
        <OtpStep
          email={challenge.email}
          challenge={challenge.otp}
          onSignedIn={finish}
          onStartOver={() => {
            setChallenge(null);
            form.reset({ email: challenge.email, password: '' });
          }}
        />
      ) : (
        <Box component="form" noValidate onSubmit={submit} aria-label="Sign in">
          <Stack spacing={2}>
            <TextField
              label="E-mail"
              type="email"
              autoComplete="username"
              autoFocus
              {...form.register('email')}
              error={Boolean(errors.email)}
              helperText={errors.email?.message}
            />
            <TextField
              label="Password"
              type="password"
              autoComplete="current-password"
              {...form.register('password')}
              error={Boolean(errors.password)}
              helperText={errors.password?.message}
            />
            {sessionEnded && !formError && (
              <Alert severity="warning" data-testid="session-ended">
                {sessionEnded}
              </Alert>
            )}
            {formError?.form && (
              <Alert severity={formError.passwordExpired ? 'warning' : 'error'} data-testid="sign-in-error">
                {formError.form}
              </Alert>
            )}
            {formError?.passwordExpired && (
              <Link
                component={RouterLink}
                to={`/passwordexpired?email=${encodeURIComponent(form.getValues('email').trim())}`}
              >
                Choose a new password
              </Link>
            )}
            <Button type="submit" variant="contained" disabled={status === 'loading'}>
              {status === 'loading' ? 'Signing in…' : 'Sign in'}
            </Button>
            <Link component={RouterLink} to="/forgotpassword" variant="body2">
              Forgot your password?
            </Link>
            <Typography variant="body2">
              New to CardioMap?{' '}
              <Link component={RouterLink} to="/register">
                Register
              </Link>
            </Typography>
          </Stack>
        </Box>
      )}
    </PublicPageCard>
  );
}
