import { checkPassword, PASSWORD_MESSAGES, type PasswordContext } from '@cardiomap/domain';
import { Stack, TextField } from '@mui/material';
import { PasswordStrengthMeter } from './PasswordStrengthMeter.tsx';
import type { usePasswordStrength } from './use-password-strength.ts';

export interface NewPasswordValues {
  newPassword: string;
  newPassword2: string;
}

export interface NewPasswordErrors {
  newPassword?: string;
  newPassword2?: string;
}

/** The client's view of the rules (spec §5): every rule but the history, which only the server knows. */
export function validateNewPassword(
  values: NewPasswordValues,
  context: PasswordContext,
  strength: ReturnType<typeof usePasswordStrength>,
): NewPasswordErrors {
  const errors: NewPasswordErrors = {};
  const check = checkPassword(values.newPassword, context, strength);
  if (!check.ok) errors.newPassword = check.errors[0];
  if (values.newPassword2 !== values.newPassword) errors.newPassword2 = PASSWORD_MESSAGES.mismatch;
  return errors;
}

interface NewPasswordFieldsProps {
  values: NewPasswordValues;
  errors: NewPasswordErrors;
  context: PasswordContext;
  strength: ReturnType<typeof usePasswordStrength>;
  disabled?: boolean;
  onChange(values: NewPasswordValues): void;
}

/** New password and its repeat, with the strength meter under the first. */
export function NewPasswordFields({ values, errors, context, strength, disabled, onChange }: NewPasswordFieldsProps) {
  const verdict = values.newPassword ? checkPassword(values.newPassword, context, strength).strength : null;
  return (
    <Stack spacing={1}>
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        value={values.newPassword}
        disabled={disabled}
        onChange={(event) => onChange({ ...values, newPassword: event.target.value })}
        error={Boolean(errors.newPassword)}
        helperText={errors.newPassword ?? 'At least 15 characters; a few unusual words work well.'}
        slotProps={{ htmlInput: { maxLength: 128 } }}
      />
      <PasswordStrengthMeter verdict={verdict} />
      <TextField
        label="Repeat new password"
        type="password"
        autoComplete="new-password"
        value={values.newPassword2}
        disabled={disabled}
        onChange={(event) => onChange({ ...values, newPassword2: event.target.value })}
        error={Boolean(errors.newPassword2)}
        helperText={errors.newPassword2}
      />
    </Stack>
  );
}
