import { VERIFICATION_VALID_HOURS } from '@cardiomap/contract';

/** What a template answers; the sender adds the recipient (the shape of the mail layer of issue 2). */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** One paragraph per entry of `lines`; a link line becomes an anchor. Every user-given text is escaped. */
function html(paragraphs: (string | { link: string; label: string })[]): string {
  const body = paragraphs
    .map((p) =>
      typeof p === 'string'
        ? `<p>${escapeHtml(p)}</p>`
        : `<p><a href="${escapeHtml(p.link)}">${escapeHtml(p.label)}</a></p>`,
    )
    .join('\n');
  return `<!doctype html>\n<html><body style="font-family: sans-serif; line-height: 1.5">\n${body}\n</body></html>\n`;
}

export interface VerificationMailInput {
  givenName: string;
  fullName: string;
  organisationName: string;
  link: string;
}

/**
 * Names the registration it verifies (name and organisation asked for), so someone who receives a link
 * for a registration they did not make can tell, and ignore it.
 */
export function verificationMail(input: VerificationMailInput): RenderedMail {
  const intro = `Hello ${input.givenName},`;
  const what = `You registered for CardioMap as ${input.fullName}, asking to join ${input.organisationName}.`;
  const open = 'Open this link to verify your e-mail address:';
  const expiry = `The link works once and expires in ${VERIFICATION_VALID_HOURS} hours. After verifying, sign in: an administrator will then link your account to your organisation.`;
  const ignore = 'If you did not register, ignore this e-mail: no account is created without this link.';
  return {
    subject: 'Verify your e-mail address for CardioMap',
    text: [intro, '', what, '', open, input.link, '', expiry, '', ignore, '', 'CardioMap'].join('\n'),
    html: html([
      intro,
      what,
      open,
      { link: input.link, label: 'Verify my e-mail address' },
      expiry,
      ignore,
      'CardioMap',
    ]),
  };
}

export interface ExistingAccountMailInput {
  email: string;
  signInLink: string;
  forgotPasswordLink: string;
}

/** Sent instead of a verification link when the address already has an account (no enumeration). */
export function existingAccountMail(input: ExistingAccountMailInput): RenderedMail {
  const what = `Someone, perhaps you, tried to register for CardioMap with ${input.email}. You already have an account with this address, so no new one was made.`;
  const signIn = 'Sign in here:';
  const forgot = 'Forgot your password? Choose a new one here:';
  const ignore = 'If this was not you, you can ignore this e-mail: your account has not changed.';
  return {
    subject: 'You already have a CardioMap account',
    text: [
      'Hello,',
      '',
      what,
      '',
      signIn,
      input.signInLink,
      '',
      forgot,
      input.forgotPasswordLink,
      '',
      ignore,
      '',
      'CardioMap',
    ].join('\n'),
    html: html([
      'Hello,',
      what,
      signIn,
      { link: input.signInLink, label: 'Sign in to CardioMap' },
      forgot,
      { link: input.forgotPasswordLink, label: 'Choose a new password' },
      ignore,
      'CardioMap',
    ]),
  };
}
