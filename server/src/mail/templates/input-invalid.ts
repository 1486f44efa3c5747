import { type RenderedMail, renderMail } from '../layout.ts';
import { caseLink } from '../links.ts';
import { type CaseNoticeInput, greetingFor, NOTICE_CLOSING } from './case-notice.ts';

export interface InputInvalidInput extends CaseNoticeInput {
  /** Why nothing usable was found, already cleared of file names (see notifications/mail-safe.ts). */
  reasons: string[];
}

/** Processing found nothing usable in the upload (spec §4 "invalid input"): why, and what to do now. */
export const inputInvalidMail = (input: InputInvalidInput): RenderedMail =>
  renderMail({
    subject: `CardioMap case ${input.caseIdentifier}: the images could not be used`,
    greeting: greetingFor(input.givenName),
    paragraphs: [
      `The images uploaded for case ${input.caseIdentifier} could not be used for the analysis:`,
      ...input.reasons.map((reason) => `- ${reason}`),
      'What to do: open the case, check the reasons there, and upload the images again as one zip file with ' +
        'the complete CT series as the scanner exported it. If the case is no longer needed, you can cancel it ' +
        'on the same page.',
    ],
    action: { label: 'Open the case', url: caseLink(input.baseUrl, input.caseId) },
    closing: NOTICE_CLOSING,
  });
