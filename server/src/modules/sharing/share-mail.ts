import { type CaseSharedInput, caseSharedMail } from '../../mail/templates/case-shared.ts';
import type { MailMessage } from '../../plugins/mail.ts';

export type ShareMailInput = CaseSharedInput;

/** The invitation to a shared case, addressed (template: mail/templates/case-shared.ts). */
export const shareMail = (input: ShareMailInput): MailMessage => ({ to: input.to, ...caseSharedMail(input) });
