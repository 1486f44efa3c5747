import { type RenderedMail, renderMail } from '../layout.ts';
import { caseLink } from '../links.ts';
import { type CaseNoticeInput, greetingFor, NOTICE_CLOSING } from './case-notice.ts';

/** The upload was processed into a usable volume: the case is in progress (spec §4, IN_PROGRESS). */
export const imagesAcceptedMail = (input: CaseNoticeInput): RenderedMail =>
  renderMail({
    subject: `CardioMap case ${input.caseIdentifier}: images accepted, analysis in progress`,
    greeting: greetingFor(input.givenName),
    paragraphs: [
      `The images of case ${input.caseIdentifier} were accepted and the case is now in progress.`,
      'Our analysts are working on it; you will get another e-mail when results are delivered.',
    ],
    action: { label: 'Open the case', url: caseLink(input.baseUrl, input.caseId) },
    closing: NOTICE_CLOSING,
  });
