import { Alert, Box, Button, Link, Stack } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { accountFormErrors } from '../../api/index.ts';
import { PublicPageCard } from '../../components/PublicPageCard.tsx';
import { usePageTitle } from '../../lib/page-title.ts';
import { confirmPasswordReset } from './api/password-api.ts';
import {
  type NewPasswordErrors,
  NewPasswordFields,
  type NewPasswordValues,
  validateNewPassword,
} from './NewPasswordFields.tsx';
import { usePasswordStrength } from './use-password-strength.ts';

/**
 * Spec §2 passwordreset/{uid}/{token}: the new password, under the rules. The link does not sign in:
 * the user signs in afterwards as always (MFA organisations still ask for the code).
 */
export function PasswordResetPage() {
  usePageTitle('Choose a new password');
  const { uid = '', token = '' } = useParams();
  const strength = usePasswordStrength();
  const [values, setValues] = useState<NewPasswordValues>({ newPassword: '', newPassword2: '' });
  const [errors, setErrors] = useState<NewPasswordErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const change = (next: NewPasswordValues) => {
    setValues(next);
    // Spec §5: the confirmation is re-validated when the new password changes.
    if (submitted) setErrors(validateNewPassword(next, {}, strength));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = validateNewPassword(values, {}, strength);
    setErrors(found);
    if (found.newPassword || found.newPassword2) return;
    setBusy(true);
    setFormError(null);
    try {
      const answer = await confirmPasswordReset({ uid, token }, values);
      setDone(answer.detail);
    } catch (error) {
      const server = accountFormErrors(error, ['newPassword', 'newPassword2']);
      setErrors(server.fields);
      setFormError(server.form);
    } finally {
      setBusy(false);
    }
  };

  return (
    <PublicPageCard layout="form" title="Choose a new password">
      {done ? (
        <Stack spacing={2}>
          <Alert severity="success" data-testid="password-reset-done">
            {done}
          </Alert>
          <Button component={RouterLink} to="/login" variant="contained" data-testid="password-reset-sign-in">
            Sign in
          </Button>
        </Stack>
      ) : (
        <Box component="form" noValidate onSubmit={submit} aria-label="Choose a new password">
          <Stack spacing={2}>
            <NewPasswordFields
              values={values}
              errors={errors}
              context={{}}
              strength={strength}
              disabled={busy}
              onChange={change}
            />
            {formError && (
              <Alert severity="error" data-testid="password-reset-error">
                {formError}{' '}
                <Link component={RouterLink} to="/forgotpassword">
                  Request a new link
                </Link>
              </Alert>
            )}
            <Button type="submit" variant="contained" disabled={busy}>
              {busy ? 'Saving…' : 'Set new password'}
            </Button>
          </Stack>
        </Box>
      )}
    </PublicPageCard>
  );
}
