/** What every CardioMap e-mail is made of; templates fill it, the layout draws it. */
export interface MailContent {
  subject: string;
  /** The first line, e.g. "Hello Anna,"; defaults to "Hello,". */
  greeting?: string;
  paragraphs: string[];
  /** The one thing the reader can do: a button in HTML, the bare link in the text part. */
  action?: { label: string; url: string };
  /** Said after the action, e.g. why the reader got this e-mail. */
  closing?: string;
}

/** A rendered e-mail: what the outbox stores and a Mailer sends. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Every value that goes into the HTML part goes through this: names and comments are typed by users. */
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/**
 * Links only ever point at the web app (built from PUBLIC_URL): anything but http(s) is a programming
 * error, refused here rather than mailed as a `javascript:` link.
 */
function checkedUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error(`Not a web link: ${url}`);
  return parsed.toString();
}

/** A subject is one line: a line break in a user-typed value must not start a new header. */
const oneLine = (value: string): string => value.replace(/[\r\n]+/g, ' ').trim();

/** The width of mail_outbox.subject (db/schema/mail.ts): a longer subject would fail the share that mails it. */
export const SUBJECT_MAX_LENGTH = 300;

/**
 * Shortens to at most `max` UTF-16 units (so at most `max` characters in a varchar column), cutting
 * between whole graphemes (never inside a surrogate pair, which would not encode) and ending in "…".
 */
export function clipText(value: string, max: number): string {
  if (value.length <= max) return value;
  let clipped = '';
  for (const { segment } of new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(value)) {
    if (clipped.length + segment.length > max - 1) break;
    clipped += segment;
  }
  return `${clipped.trimEnd()}…`;
}

const SIGNATURE = 'CardioMap';

const FONT = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;";

/**
 * One layout for all mail: a plain-text part a reader can use on its own (the link written out), and an
 * HTML part with the same words. Every interpolated value is HTML-escaped; the text part needs none.
 */
export function renderMail(content: MailContent): RenderedMail {
  const subject = clipText(oneLine(content.subject), SUBJECT_MAX_LENGTH);
  const greeting = content.greeting ?? 'Hello,';
  const action = content.action ? { label: content.action.label, url: checkedUrl(content.action.url) } : undefined;

  const text = [
    greeting,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    ...(content.closing ? [content.closing, ''] : []),
    SIGNATURE,
  ].join('\n');

  const paragraph = (value: string) =>
    `<p style="margin:0 0 16px;${FONT}font-size:15px;line-height:1.5;color:#1f2933;">${escapeHtml(value).replace(/\n/g, '<br>')}</p>`;
  const button = action
    ? `<p style="margin:8px 0 24px;"><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:10px 20px;border-radius:4px;background:#b71c1c;color:#ffffff;text-decoration:none;${FONT}font-size:15px;font-weight:600;">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;${FONT}font-size:13px;line-height:1.5;color:#52606d;">If the button does not work, open this link: <a href="${escapeHtml(action.url)}" style="color:#b71c1c;">${escapeHtml(action.url)}</a></p>`
    : '';
  const html = `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f5f7;">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="background:#f4f5f7;padding:24px 0;">
<tr><td align="center">
<table role="presentation" width="600" cellspacing="0" cellpadding="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:6px;">
<tr><td style="padding:20px 32px;border-bottom:1px solid #e4e7eb;${FONT}font-size:18px;font-weight:700;color:#b71c1c;">${SIGNATURE}</td></tr>
<tr><td style="padding:24px 32px 8px;">
${paragraph(greeting)}
${content.paragraphs.map(paragraph).join('\n')}
${button}
${content.closing ? paragraph(content.closing) : ''}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  return { subject, text, html };
}
