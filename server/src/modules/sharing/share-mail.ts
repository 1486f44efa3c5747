import type { MailMessage } from '../../plugins/mail.ts';

export interface ShareMailInput {
  to: string;
  /** Null when the address has no account: the link then leads to registration. */
  userId: string | null;
  caseId: string;
  caseIdentifier: string;
  sharedByName: string;
  baseUrl: string;
}

/**
 * The invitation to a shared case. It names the case only by its CardioMap identifier: mail leaves the
 * platform, so no patient identifier, age or sex ever goes into it.
 */
export function shareMail(input: ShareMailInput): MailMessage {
  const link = input.userId
    ? `${input.baseUrl}/case-detail/${input.caseId}`
    : `${input.baseUrl}/register?email=${encodeURIComponent(input.to)}`;
  const next = input.userId
    ? ['Open the case here:', link]
    : ['You do not have a CardioMap account yet. Register with this address to see the case:', link];
  return {
    to: input.to,
    subject: `${input.sharedByName} shared CardioMap case ${input.caseIdentifier} with you`,
    text: [
      'Hello,',
      '',
      `${input.sharedByName} shared the CardioMap case ${input.caseIdentifier} with you.`,
      '',
      ...next,
      '',
      'If you did not expect this, you can ignore this e-mail.',
      '',
      'CardioMap',
    ].join('\n'),
  };
}
