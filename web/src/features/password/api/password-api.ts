import { routes } from '@cardiomap/contract';
import { call } from '../../../api/index.ts';

/** Why the user asks for a reset link: forgotten, or expired (spec §2 passwordexpired). */
export type ForgotPasswordReason = 'forgot' | 'expired';

/** POST passwordreset/: e-mails a reset link; `reason` says why the user came (spec §2 forgot-password). */
export const requestPasswordReset = (body: { email: string; reason: ForgotPasswordReason }) =>
  call(routes.passwordReset, { body });

/** POST passwordreset-confirmation/{uid}/{token}/: sets the new password from the e-mailed link. */
export const confirmPasswordReset = (
  link: { uid: string; token: string },
  body: { newPassword: string; newPassword2: string },
) => call(routes.passwordResetConfirm, { params: link, body });
