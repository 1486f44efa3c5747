import { type RenderedMail, renderMail } from '../layout.ts';
import { appLink } from '../links.ts';

export interface ExistingAccountInput {
  to: string;
  baseUrl: string;
}

/**
 * Sent instead of a verification link when someone registers with an address that already has an
 * account: the registration page answers the same either way, so only the owner learns of it.
 */
export const existingAccountMail = (input: ExistingAccountInput): RenderedMail =>
  renderMail({
    subject: 'You already have a CardioMap account',
    paragraphs: [
      `Someone, perhaps you, tried to register for CardioMap with ${input.to}. You already have an account with this address, so no new one was made.`,
      `Forgot your password? Choose a new one at ${appLink(input.baseUrl, 'forgotpassword')}`,
    ],
    action: { label: 'Sign in', url: appLink(input.baseUrl, 'login') },
    closing: 'If this was not you, you can ignore this e-mail: your account has not changed.',
  });
