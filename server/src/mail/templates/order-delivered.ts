import { type RenderedMail, renderMail } from '../layout.ts';
import { appLink, caseLink } from '../links.ts';
import { type CaseNoticeInput, greetingFor, NOTICE_CLOSING } from './case-notice.ts';

export interface OrderDeliveredInput extends CaseNoticeInput {
  /** The ordered service as the app names it (Anatomical analysis, Simulation, Results). */
  serviceLabel: string;
  /** The case's study: the result opens in its viewer; without one, the case page. */
  studyId: string | null;
}

/** An order's results were delivered (spec §4 order DELIVERED, shown 'ready'): the link to them. */
export const orderDeliveredMail = (input: OrderDeliveredInput): RenderedMail =>
  renderMail({
    subject: `CardioMap case ${input.caseIdentifier}: results ready`,
    greeting: greetingFor(input.givenName),
    paragraphs: [
      `The ${input.serviceLabel.toLowerCase()} of case ${input.caseIdentifier} has been delivered and is ready to view.`,
      `The case page: ${caseLink(input.baseUrl, input.caseId)}`,
    ],
    action: {
      label: 'View the result',
      url: input.studyId
        ? appLink(input.baseUrl, `study-viewer/${input.studyId}/3dsurfaceviewer`)
        : caseLink(input.baseUrl, input.caseId),
    },
    closing: NOTICE_CLOSING,
  });
