export { ForgotPasswordPage } from './ForgotPasswordPage.tsx';
export {
  type NewPasswordErrors,
  NewPasswordFields,
  type NewPasswordValues,
  validateNewPassword,
} from './NewPasswordFields.tsx';
export { PasswordResetPage } from './PasswordResetPage.tsx';
export { PasswordStrengthMeter } from './PasswordStrengthMeter.tsx';
export { usePasswordStrength } from './use-password-strength.ts';
