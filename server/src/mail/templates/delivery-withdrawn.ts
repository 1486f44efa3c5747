import { type RenderedMail, renderMail } from '../layout.ts';
import { caseLink } from '../links.ts';
import { type CaseNoticeInput, greetingFor, NOTICE_CLOSING } from './case-notice.ts';

export interface DeliveryWithdrawnInput extends CaseNoticeInput {
  serviceLabel: string;
  /** Undone (the order is open again) or obsoleted (superseded by a newer delivery). */
  kind: 'undelivered' | 'obsoleted';
}

/** A delivery was taken back or marked obsolete (spec §4 order status): the earlier results no longer stand. */
export function deliveryWithdrawnMail(input: DeliveryWithdrawnInput): RenderedMail {
  const what = `${input.serviceLabel.toLowerCase()} of case ${input.caseIdentifier}`;
  const paragraphs =
    input.kind === 'undelivered'
      ? [
          `The delivery of the ${what} was undone. The results are being reworked; you will get another e-mail when they are delivered again.`,
          'Please do not rely on the results you may have seen before.',
        ]
      : [
          `The delivered ${what} was marked obsolete: it has been superseded and should no longer be used.`,
          'Open the case to see its current results.',
        ];
  return renderMail({
    subject: `CardioMap case ${input.caseIdentifier}: delivery ${input.kind === 'undelivered' ? 'undone' : 'obsoleted'}`,
    greeting: greetingFor(input.givenName),
    paragraphs,
    action: { label: 'Open the case', url: caseLink(input.baseUrl, input.caseId) },
    closing: NOTICE_CLOSING,
  });
}
