import { SERVICE_LABELS, type Service } from '@cardiomap/contract';
import type { Query } from '../../db/query.ts';
import type { RenderedMail } from '../../mail/layout.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import type { CaseNoticeInput } from '../../mail/templates/case-notice.ts';
import { caseRejectedMail } from '../../mail/templates/case-rejected.ts';
import { deliveryWithdrawnMail } from '../../mail/templates/delivery-withdrawn.ts';
import { imagesAcceptedMail } from '../../mail/templates/images-accepted.ts';
import { inputInvalidMail } from '../../mail/templates/input-invalid.ts';
import { orderDeliveredMail } from '../../mail/templates/order-delivered.ts';
import { mailSafeReason } from './mail-safe.ts';
import * as repo from './repository.ts';

/**
 * How a service sends notifications: the web app's address for the links, and the after-commit call
 * that hands the outbox rows to the workers (`app.dispatchMail`, or `dispatchMail` in a job).
 */
export interface Notifier {
  baseUrl: string;
  dispatch(mailIds: readonly (string | null)[]): Promise<void>;
}

/** Every event of a case: who made it (not told about it), and the key that makes it mail once. */
interface CaseEvent {
  caseId: string;
  eventKey: string;
  actorId: string | null;
  baseUrl: string;
}

/**
 * Writes one mail per recipient of the case into the outbox, in the caller's transaction (pass
 * `queryOn(tx)`); answers the row ids for `Notifier.dispatch` after the commit.
 */
async function notifyCase(
  query: Query,
  event: CaseEvent,
  render: (notice: CaseNoticeInput, facts: repo.CaseFacts) => RenderedMail,
): Promise<(string | null)[]> {
  const facts = await repo.caseFacts(query, event.caseId);
  if (!facts) return [];
  const ids: (string | null)[] = [];
  for (const recipient of await repo.caseRecipients(query, event.caseId, event.actorId)) {
    const notice = {
      caseId: event.caseId,
      caseIdentifier: facts.caseIdentifier,
      givenName: recipient.givenName,
      baseUrl: event.baseUrl,
    };
    ids.push(
      await enqueueMail(query, { eventKey: event.eventKey, to: recipient.email, message: render(notice, facts) }),
    );
  }
  return ids;
}

const labelOf = async (query: Query, orderId: string): Promise<string> => {
  const service = await repo.orderService(query, orderId);
  return service === undefined ? 'analysis' : SERVICE_LABELS[service as Service];
};

/** Ingest made a volume of the upload: the case is in progress. One mail per upload. */
export const notifyImagesAccepted = (query: Query, input: { caseId: string; inputDataId: string; baseUrl: string }) =>
  notifyCase(query, { ...input, eventKey: `case.images_accepted:${input.inputDataId}`, actorId: null }, (notice) =>
    imagesAcceptedMail(notice),
  );

/** Ingest found nothing usable: the reasons, cleared of the upload's file names. One mail per upload. */
export const notifyInputInvalid = (
  query: Query,
  input: { caseId: string; inputDataId: string; reasons: readonly string[]; paths: readonly string[]; baseUrl: string },
) =>
  notifyCase(query, { ...input, eventKey: `case.input_invalid:${input.inputDataId}`, actorId: null }, (notice, facts) =>
    inputInvalidMail({
      ...notice,
      reasons: input.reasons.map((r) =>
        mailSafeReason(r, { paths: input.paths, patientIdentifier: facts.patientIdentifier }),
      ),
    }),
  );

export async function notifyDelivered(
  query: Query,
  input: { caseId: string; orderId: string; deliveryId: string; actorId: string; baseUrl: string },
) {
  const serviceLabel = await labelOf(query, input.orderId);
  return notifyCase(query, { ...input, eventKey: `order.deliver:${input.deliveryId}` }, (notice, facts) =>
    orderDeliveredMail({ ...notice, serviceLabel, studyId: facts.studyId }),
  );
}

export async function notifyDeliveryWithdrawn(
  query: Query,
  input: {
    caseId: string;
    orderId: string;
    deliveryId: string;
    actorId: string;
    kind: 'undelivered' | 'obsoleted';
    baseUrl: string;
  },
) {
  const serviceLabel = await labelOf(query, input.orderId);
  const action = input.kind === 'undelivered' ? 'order.undeliver' : 'order.obsolete';
  return notifyCase(query, { ...input, eventKey: `${action}:${input.deliveryId}` }, (notice) =>
    deliveryWithdrawnMail({ ...notice, serviceLabel, kind: input.kind }),
  );
}

export async function notifyRejected(
  query: Query,
  input: { caseId: string; reasonId: string; actorId: string; baseUrl: string },
) {
  const reason = (await repo.rejectionReasonName(query, input.reasonId)) ?? 'not given';
  return notifyCase(query, { ...input, eventKey: `case.reject:${input.caseId}` }, (notice) =>
    caseRejectedMail({ ...notice, reason }),
  );
}
