import { OTP_LENGTH, PASSWORD_CHANGED, type PasswordChangeResponse, type UserInfo } from '@cardiomap/contract';
import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { accountFormErrors } from '../../api/index.ts';
import { useToast } from '../../components/Toasts.tsx';
import { useApiMutation } from '../../hooks/use-api-mutation.ts';
import { useCountdown } from '../auth/index.ts';
import {
  NewPasswordFields,
  type NewPasswordValues,
  usePasswordStrength,
  validateNewPassword,
} from '../password/index.ts';
import { changePassword } from './api/settings-api.ts';

type Field = 'oldPassword' | 'newPassword' | 'newPassword2' | 'otp';
const EMPTY = { oldPassword: '', newPassword: '', newPassword2: '' };

/**
 * Settings, change password: old, new and repeat; for MFA organisations the first submit e-mails a
 * code and the second carries it (spec §4 "Password change may require an OTP step").
 */
export function PasswordChangeForm({ user }: { user: UserInfo }) {
  const toast = useToast();
  const strength = usePasswordStrength();
  const [values, setValues] = useState(EMPTY);
  const [otp, setOtp] = useState('');
  const [otpStep, setOtpStep] = useState<{ detail: string; resendAt: number } | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const resendIn = useCountdown(otpStep?.resendAt ?? 0);
  const context = { email: user.email, names: [user.givenName, user.middleName, user.familyName] };

  const validate = (next: typeof EMPTY) => ({
    ...(next.oldPassword ? {} : { oldPassword: 'This field is required' }),
    ...validateNewPassword(next, context, strength),
  });

  const change = useApiMutation(
    {
      mutationFn: (body: typeof EMPTY & { otp?: string }) => changePassword(body),
      onSuccess: (answer: PasswordChangeResponse) => {
        if ('otpRequired' in answer) {
          setOtpStep({ detail: answer.detail, resendAt: Date.now() + answer.resendAvailableIn * 1000 });
          setOtp('');
          return;
        }
        // Only the final answer is a change: the first answer of an MFA organisation asks for the code.
        toast.success(PASSWORD_CHANGED);
        setValues(EMPTY);
        setOtpStep(null);
        setOtp('');
        setSubmitted(false);
        setErrors({});
      },
    },
    {
      onError: (error) => {
        const server = accountFormErrors(error, ['oldPassword', 'newPassword', 'newPassword2', 'otp']);
        setErrors(server.fields);
        setFormError(server.form);
        // A refused password sends the user back to the first step.
        if (server.fields.oldPassword || server.fields.newPassword || server.fields.newPassword2) setOtpStep(null);
      },
    },
  );
  const busy = change.isPending;
  const send = (withOtp: string | undefined) => {
    setFormError(null);
    change.mutate({ ...values, ...(withOtp ? { otp: withOtp } : {}) });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (otpStep) {
      if (!new RegExp(`^\\d{${OTP_LENGTH}}$`).test(otp)) {
        setErrors({ otp: `Enter the ${OTP_LENGTH}-digit code from the e-mail.` });
        return;
      }
      send(otp);
      return;
    }
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length === 0) send(undefined);
  };

  const changeNew = (next: NewPasswordValues) => {
    const merged = { ...values, ...next };
    setValues(merged);
    // Spec §5: the confirmation is re-validated when the new password changes.
    if (submitted) setErrors(validate(merged));
  };

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-label="Change password">
      <TextField
        label="Old password"
        type="password"
        autoComplete="current-password"
        value={values.oldPassword}
        disabled={busy || Boolean(otpStep)}
        onChange={(event) => setValues({ ...values, oldPassword: event.target.value })}
        error={Boolean(errors.oldPassword)}
        helperText={errors.oldPassword}
      />
      <NewPasswordFields
        values={values}
        errors={errors}
        context={context}
        strength={strength}
        disabled={busy || Boolean(otpStep)}
        onChange={changeNew}
      />
      {otpStep && (
        <Stack spacing={1}>
          <Typography variant="body2" data-testid="password-otp-notice">
            {otpStep.detail}
          </Typography>
          <TextField
            label="Verification code"
            autoComplete="one-time-code"
            autoFocus
            value={otp}
            onChange={(event) => setOtp(event.target.value.trim())}
            error={Boolean(errors.otp)}
            helperText={errors.otp}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: OTP_LENGTH } }}
          />
          <Button
            variant="text"
            disabled={busy || resendIn > 0}
            onClick={() => send(undefined)}
            sx={{ alignSelf: 'flex-start' }}
          >
            {resendIn > 0 ? `Send a new code in ${resendIn} s` : 'Send a new code'}
          </Button>
        </Stack>
      )}
      {formError && <Alert severity="error">{formError}</Alert>}
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={busy}>
          {busy ? 'Saving…' : otpStep ? 'Confirm with code' : 'Change password'}
        </Button>
        {otpStep && (
          <Button onClick={() => setOtpStep(null)} disabled={busy}>
            Cancel
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
