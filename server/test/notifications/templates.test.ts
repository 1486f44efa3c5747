import { describe, expect, it } from 'vitest';
import type { RenderedMail } from '../../src/mail/layout.ts';
import { caseRejectedMail } from '../../src/mail/templates/case-rejected.ts';
import { caseSharedMail } from '../../src/mail/templates/case-shared.ts';
import { deliveryWithdrawnMail } from '../../src/mail/templates/delivery-withdrawn.ts';
import { imagesAcceptedMail } from '../../src/mail/templates/images-accepted.ts';
import { inputInvalidMail } from '../../src/mail/templates/input-invalid.ts';
import { orderDeliveredMail } from '../../src/mail/templates/order-delivered.ts';
import { signInCodeMail } from '../../src/mail/templates/sign-in-code.ts';
import { mailSafeReason } from '../../src/modules/notifications/mail-safe.ts';

const PATIENT = 'DOE^JANE-4711';
const PATHS = [`${PATIENT}/CT/IM0001.dcm`, 'SMITH_JOHN_19500101/series2/IM0002.dcm'];
const notice = {
  caseId: '3f0c1c4e-0000-4000-8000-000000000001',
  caseIdentifier: 'HVC-TAVI-00001',
  givenName: 'Philippa',
  baseUrl: 'https://cardiomap.example',
};
/** What processing may say about an upload, with the patient's name in file names and quoted paths. */
const REASONS = [
  `The zip file was refused: "${PATHS[0]}" unpacks to more than its declared 10 bytes.`,
  `2 images repeated the position of another and were set aside: ${PATHS[1]} (same position as ${PATHS[0]})`,
  `Patient ${PATIENT} has no CT series.`,
];

/** Every template, rendered with the reasons as they would reach it. */
const everyTemplate = (): [string, RenderedMail][] => {
  const reasons = REASONS.map((r) => mailSafeReason(r, { paths: PATHS, patientIdentifier: PATIENT }));
  return [
    ['images-accepted', imagesAcceptedMail(notice)],
    ['input-invalid', inputInvalidMail({ ...notice, reasons })],
    ['order-delivered', orderDeliveredMail({ ...notice, serviceLabel: 'Anatomical analysis', studyId: notice.caseId })],
    ['case-rejected', caseRejectedMail({ ...notice, reason: 'Insufficient image quality' })],
    ['delivery-undone', deliveryWithdrawnMail({ ...notice, serviceLabel: 'Simulation', kind: 'undelivered' })],
    ['delivery-obsoleted', deliveryWithdrawnMail({ ...notice, serviceLabel: 'Simulation', kind: 'obsoleted' })],
    ['case-shared', caseSharedMail({ ...notice, to: 'a@cardiomap.test', userId: 'u', sharedByName: 'Dr. Heart' })],
    ['sign-in-code', signInCodeMail({ to: 'a@cardiomap.test', givenName: 'Philippa', code: '123456' })],
  ];
};

describe('mail templates', () => {
  it.each(everyTemplate())('%s names no patient and no file of the upload', (_name, mail) => {
    for (const part of [mail.subject, mail.text, mail.html]) {
      for (const secret of [PATIENT, 'DOE', 'JANE', 'SMITH_JOHN', 'IM0001', 'IM0002'])
        expect(part).not.toContain(secret);
    }
  });

  it.each(everyTemplate().filter(([name]) => !['case-shared', 'sign-in-code'].includes(name)))(
    '%s names the case by its identifier, links to it and says why the reader gets it',
    (_name, mail) => {
      expect(mail.subject).toContain(notice.caseIdentifier);
      expect(mail.text).toContain(`${notice.baseUrl}/`);
      expect(mail.text).toContain('Hello Philippa,');
      expect(mail.text).toContain('responsible for this case or it was shared with you');
      expect(mail.html).toContain('<a href="https://cardiomap.example/');
    },
  );

  it('keeps what a reason says once the names are out', () => {
    const [refused, repeated] = REASONS.map((r) => mailSafeReason(r, { paths: PATHS, patientIdentifier: PATIENT }));
    expect(refused).toBe('The zip file was refused: a file unpacks to more than its declared 10 bytes.');
    expect(repeated).toBe(
      '2 images repeated the position of another and were set aside: [name hidden] (same position as [name hidden])',
    );
  });

  it('leads a delivery to the result viewer, or the case page when there is no study', () => {
    const withStudy = orderDeliveredMail({ ...notice, serviceLabel: 'Anatomical analysis', studyId: 'study-1' });
    expect(withStudy.text).toContain('View the result: https://cardiomap.example/study-viewer/study-1/3dsurfaceviewer');
    const without = orderDeliveredMail({ ...notice, serviceLabel: 'Anatomical analysis', studyId: null });
    expect(without.text).toContain(`View the result: https://cardiomap.example/case-detail/${notice.caseId}`);
  });
});
