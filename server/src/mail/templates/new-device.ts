import { type RenderedMail, renderMail } from '../layout.ts';
import { appLink } from '../links.ts';

export interface NewDeviceInput {
  to: string;
  givenName: string;
  at: Date;
  userAgent: string;
  ip: string;
  baseUrl: string;
}

/** A sign-in from a browser this account never used before. */
export const newDeviceMail = (input: NewDeviceInput): RenderedMail =>
  renderMail({
    subject: 'New sign-in to CardioMap from a new device',
    greeting: `Hello ${input.givenName || input.to},`,
    paragraphs: [
      `Your CardioMap account was signed in to from a device or browser not seen before, on ${input.at.toUTCString()}.`,
      `Browser: ${input.userAgent || 'unknown'}\nAddress: ${input.ip || 'unknown'}`,
      'If this was you, there is nothing to do. If not, change your password and sign out everywhere in Settings.',
    ],
    action: { label: 'Open Settings', url: appLink(input.baseUrl, 'settings') },
  });
