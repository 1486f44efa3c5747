import { PASSWORD_RESET_VALID_MINUTES } from '@cardiomap/contract';

/** A rendered e-mail: the same content as plain text and as HTML. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Paragraphs (and at most one link) as text and HTML; every user-given value is escaped in the HTML. */
function render(subject: string, greeting: string, paragraphs: string[], link?: { label: string; url: string }) {
  const text = [greeting, '', ...paragraphs.flatMap((p) => [p, '']), ...(link ? [link.url, ''] : []), 'CardioMap'];
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(link ? [`<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`] : []),
    '<p>CardioMap</p>',
  ];
  return { subject, text: text.join('\n'), html: `<!doctype html><html><body>${html.join('')}</body></html>` };
}

const hello = (name: string, email: string) => `Hello ${name || email},`;

/** The reset link lives under PUBLIC_URL only: never built from the request's Host header. */
export const passwordResetUrl = (publicUrl: string, userId: string, token: string) =>
  `${publicUrl}/passwordreset/${encodeURIComponent(userId)}/${encodeURIComponent(token)}`;

export function passwordResetMail(input: {
  email: string;
  givenName: string;
  url: string;
  reason: 'forgot' | 'expired';
}): RenderedMail {
  return render(
    'Choose a new CardioMap password',
    hello(input.givenName, input.email),
    [
      input.reason === 'expired'
        ? 'Your CardioMap password has expired. Use the link below to choose a new one.'
        : 'Someone (hopefully you) asked to choose a new CardioMap password for this address.',
      `The link works once and expires in ${PASSWORD_RESET_VALID_MINUTES} minutes.`,
      'If you did not ask for it, ignore this e-mail: your password stays as it is.',
    ],
    { label: 'Choose a new password', url: input.url },
  );
}

export function passwordChangedMail(input: { email: string; givenName: string; at: Date }): RenderedMail {
  return render('Your CardioMap password was changed', hello(input.givenName, input.email), [
    `The password of your CardioMap account was changed on ${input.at.toUTCString()}. Every other sign-in was ended.`,
    'If you did not change it, reset your password at once and tell your administrator.',
  ]);
}

export function newDeviceMail(input: {
  email: string;
  givenName: string;
  at: Date;
  userAgent: string;
  ip: string;
}): RenderedMail {
  return render('New sign-in to CardioMap from a new device', hello(input.givenName, input.email), [
    `Your CardioMap account was signed in to from a device or browser not seen before, on ${input.at.toUTCString()}.`,
    `Browser: ${input.userAgent || 'unknown'}. Address: ${input.ip || 'unknown'}.`,
    'If this was you, there is nothing to do. If not, change your password and sign out everywhere from Settings.',
  ]);
}
