import { type RenderedMail, renderMail } from '../layout.ts';
import { caseLink } from '../links.ts';
import { type CaseNoticeInput, greetingFor, NOTICE_CLOSING } from './case-notice.ts';

export interface CaseRejectedInput extends CaseNoticeInput {
  /** The rejection reason's name (rejection-reasons/). */
  reason: string;
}

/**
 * The case was rejected (spec §2: "Could not be processed" with the analyst's comment). The comment is
 * free text that may name the patient, so the mail gives the reason and leaves the comment to the app.
 */
export const caseRejectedMail = (input: CaseRejectedInput): RenderedMail =>
  renderMail({
    subject: `CardioMap case ${input.caseIdentifier}: could not be processed`,
    greeting: greetingFor(input.givenName),
    paragraphs: [
      `Case ${input.caseIdentifier} could not be processed and was rejected.`,
      `Reason: ${input.reason}`,
      "The analyst's comment is on the case page.",
    ],
    action: { label: 'Open the case', url: caseLink(input.baseUrl, input.caseId) },
    closing: NOTICE_CLOSING,
  });
