import { type RenderedMail, renderMail } from '../layout.ts';
import { appLink } from '../links.ts';

export interface RegistrationApprovedInput {
  givenName: string;
  organisationName: string;
  baseUrl: string;
}

/** Sent when an administrator approves a registration: the user can now see the organisation's cases. */
export const registrationApprovedMail = (input: RegistrationApprovedInput): RenderedMail =>
  renderMail({
    subject: 'Your CardioMap account is ready',
    greeting: `Hello ${input.givenName},`,
    paragraphs: [
      `Your registration was approved: you are now a member of ${input.organisationName}. Sign in to see its cases.`,
    ],
    action: { label: 'Sign in', url: appLink(input.baseUrl, 'login') },
  });

export interface RegistrationDeclinedInput {
  givenName: string;
  reason: string;
  baseUrl: string;
}

/** Sent when an administrator declines a registration, with the reason they gave. */
export const registrationDeclinedMail = (input: RegistrationDeclinedInput): RenderedMail =>
  renderMail({
    subject: 'Your CardioMap registration was declined',
    greeting: `Hello ${input.givenName},`,
    paragraphs: [
      'Your registration for CardioMap was declined, for this reason:',
      input.reason,
      `If you think this is a mistake, contact us at ${appLink(input.baseUrl, 'contact')}`,
    ],
  });
