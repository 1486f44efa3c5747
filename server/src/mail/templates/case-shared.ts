import { clipText, type RenderedMail, renderMail } from '../layout.ts';
import { appLink, caseLink } from '../links.ts';

export interface CaseSharedInput {
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
export function caseSharedMail(input: CaseSharedInput): RenderedMail {
  const registered = input.userId !== null;
  return renderMail({
    // Names may fill 150 + 150 characters: shortened here so the case identifier stays in the subject.
    subject: `${clipText(input.sharedByName, 100)} shared CardioMap case ${input.caseIdentifier} with you`,
    paragraphs: [
      `${input.sharedByName} shared the CardioMap case ${input.caseIdentifier} with you.`,
      registered
        ? 'Open the case here:'
        : 'You do not have a CardioMap account yet. Register with this address to see the case:',
    ],
    action: registered
      ? { label: 'Open the case', url: caseLink(input.baseUrl, input.caseId) }
      : { label: 'Register', url: appLink(input.baseUrl, `register?email=${encodeURIComponent(input.to)}`) },
    closing: 'If you did not expect this, you can ignore this e-mail.',
  });
}
