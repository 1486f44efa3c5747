import type { CaseRejection, createCaseRejectionSchema, Paginated } from '@cardiomap/contract';
import { maySeeRejectingAnalyst } from '@cardiomap/domain';
import type { z } from 'zod';
import { findVisibleCase } from '../../access/case-access.ts';
import type { Db } from '../../db/client.ts';
import { iso, queryOn } from '../../db/query.ts';
import type { Actor } from '../../lib/actor.ts';
import { type PageRequest, pageWindow } from '../../lib/pagination.ts';
import type { Notifier } from '../notifications/index.ts';
import { findRejectionOfCase, type RejectionRow } from './rejections-repository.ts';
import { rejectCase } from './transitions.ts';

/**
 * case-rejections/ (spec §7 "Also named"; architecture.md §6.8): a case's rejection as a resource. It
 * holds no state of its own: listing reads what the reject transition wrote, creating is that transition.
 */
function presentRejection(actor: Actor, row: RejectionRow): CaseRejection {
  const showWho = maySeeRejectingAnalyst(actor.permissions) && row.rejectedById !== null;
  return {
    caseId: row.caseId,
    reasonId: row.reasonId,
    reason: row.reason ?? '',
    comment: row.comment,
    rejectedBy: showWho
      ? { id: row.rejectedById ?? '', email: row.rejectedByEmail ?? '', name: row.rejectedByName ?? '' }
      : null,
    dateRejected: iso(row.dateRejected),
  };
}

/** GET case-rejections/?case_id=: whoever sees the case sees its rejection (404 like a missing case). */
export async function listCaseRejections(
  db: Db,
  actor: Actor,
  caseId: string,
  page: PageRequest,
): Promise<Omit<Paginated<CaseRejection>, 'next' | 'previous'>> {
  await findVisibleCase(db, actor, caseId);
  const row = await findRejectionOfCase(queryOn(db), caseId);
  const all = row ? [presentRejection(actor, row)] : [];
  const { limit, offset } = pageWindow(page);
  return { count: all.length, results: all.slice(offset, offset + limit) };
}

/**
 * POST case-rejections/: exactly PUT cases/{id}/reject/ (`rejectCase`, through the case door), answering
 * the rejection it made.
 */
export async function createCaseRejection(
  db: Db,
  actor: Actor,
  body: z.output<typeof createCaseRejectionSchema>,
  ip: string,
  notifier: Notifier,
): Promise<CaseRejection> {
  const { caseId, ...rejection } = body;
  await rejectCase(db, actor, caseId, rejection, ip, notifier);
  const row = await findRejectionOfCase(queryOn(db), caseId);
  if (!row) throw new Error(`Case ${caseId} was rejected but reads as not rejected`);
  return presentRejection(actor, row);
}
