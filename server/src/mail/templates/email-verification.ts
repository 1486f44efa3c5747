import { VERIFICATION_VALID_HOURS } from '@cardiomap/contract';
import { type RenderedMail, renderMail } from '../layout.ts';
import { appLink } from '../links.ts';

export interface EmailVerificationInput {
  givenName: string;
  /** Title and names as registered, e.g. "Dr. Nora Newcomer". */
  fullName: string;
  organisationName: string;
  /** The link's key (`selector.verifier`); it exists only in this e-mail. */
  verificationKey: string;
  baseUrl: string;
}

/**
 * The registration's verification link (spec §2 emailverification/{verificationKey}). It names the
 * registration it verifies (name and organisation asked for), so someone who receives a link for a
 * registration they did not make can tell, and ignore it.
 */
export const emailVerificationMail = (input: EmailVerificationInput): RenderedMail =>
  renderMail({
    subject: 'Verify your e-mail address for CardioMap',
    greeting: `Hello ${input.givenName},`,
    paragraphs: [
      `You registered for CardioMap as ${input.fullName}, asking to join ${input.organisationName}.`,
      `Open the link below to verify your e-mail address. It works once and expires in ${VERIFICATION_VALID_HOURS} hours. Then sign in: an administrator will link your account to your organisation.`,
    ],
    action: {
      label: 'Verify my e-mail address',
      url: appLink(input.baseUrl, `emailverification/${input.verificationKey}`),
    },
    closing: 'If you did not register, ignore this e-mail: no account is created without this link.',
  });
