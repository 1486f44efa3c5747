import { OTP_LENGTH, type OtpRequired, type TokenPair } from '@cardiomap/contract';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { tokenStore } from '../../api/index.ts';
import { resendOtp, verifyOtp } from './api/auth-api.ts';
import { type FormErrors, signInErrors } from './sign-in-errors.ts';
import { useCountdown } from './use-countdown.ts';

interface OtpStepProps {
  email: string;
  challenge: OtpRequired;
  onSignedIn(tokens: TokenPair): void;
  onStartOver(): void;
}

const NO_ERRORS: FormErrors = { fields: {}, form: null, passwordExpired: false };

/** Second sign-in step for organisations that require MFA: the 6-digit e-mailed code (spec §5, §9). */
export function OtpStep({ email, challenge, onSignedIn, onStartOver }: OtpStepProps) {
  const [otp, setOtp] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [notice, setNotice] = useState(challenge.detail);
  const [busy, setBusy] = useState(false);
  const [resendAt, setResendAt] = useState(() => Date.now() + challenge.resendAvailableIn * 1000);
  const resendIn = useCountdown(resendAt);

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    if (!new RegExp(`^\\d{${OTP_LENGTH}}$`).test(otp)) {
      setErrors({ ...NO_ERRORS, fields: { otp: `Enter the ${OTP_LENGTH}-digit code from the e-mail.` } });
      return;
    }
    setBusy(true);
    setErrors(NO_ERRORS);
    try {
      onSignedIn(await verifyOtp({ email, otp, otpToken: challenge.otpToken }));
    } catch (error) {
      // Spec §8: a failed OTP removes stored tokens.
      tokenStore.clear();
      setErrors(signInErrors(error, ['otp']));
      setBusy(false);
    }
  };

  const resend = async () => {
    setErrors(NO_ERRORS);
    try {
      const answer = await resendOtp({ email, otpToken: challenge.otpToken });
      setNotice(answer.detail);
      setResendAt(Date.now() + answer.resendAvailableIn * 1000);
      setOtp('');
    } catch (error) {
      setErrors(signInErrors(error, ['otp']));
    }
  };

  return (
    <Box component="form" noValidate onSubmit={verify} aria-label="Verification code">
      <Stack spacing={2}>
        <Typography variant="body2" data-testid="otp-notice">
          {notice}
        </Typography>
        <TextField
          label="Verification code"
          value={otp}
          onChange={(event) => setOtp(event.target.value.replace(/\D/g, '').slice(0, OTP_LENGTH))}
          error={Boolean(errors.fields.otp)}
          helperText={errors.fields.otp ?? `The ${OTP_LENGTH}-digit code sent to ${email}`}
          autoComplete="one-time-code"
          autoFocus
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: OTP_LENGTH, 'data-testid': 'otp-input' } }}
        />
        {errors.form && (
          <Alert severity="error" data-testid="sign-in-error">
            {errors.form}
          </Alert>
        )}
        <Button type="submit" variant="contained" disabled={busy}>
          {busy ? 'Verifying…' : 'Verify'}
        </Button>
        <Stack sx={{ justifyContent: 'space-between', alignItems: 'center' }} direction="row">
          <Button onClick={onStartOver} size="small">
            Use another account
          </Button>
          <Button onClick={resend} size="small" disabled={resendIn > 0} data-testid="otp-resend">
            {resendIn > 0 ? `Resend code in ${resendIn} s` : 'Resend code'}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
