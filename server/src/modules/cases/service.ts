import type {
  assignResponsibleSchema,
  Case,
  createCaseRejectionSchema,
  Paginated,
  patchCaseSchema,
  rejectCaseSchema,
} from '@cardiomap/contract';
import type { z } from 'zod';
import { findVisibleCase } from '../../access/case-access.ts';
import type { Database } from '../../db/client.ts';
import { queryOn, queryOnPool } from '../../db/query.ts';
import type { Actor } from '../../lib/actor.ts';
import type { PageRequest } from '../../lib/pagination.ts';
import type { Notifier } from '../notifications/index.ts';
import { caseAsText } from './case-text.ts';
import { markSeen } from './case-views-repository.ts';
import { type CreateCaseBody, createCase } from './create-case.ts';
import { editCase, requestPatientInformation, sensitiveData } from './edit-case.ts';
import { CaseListCache } from './list-cache.ts';
import { type CaseListFilter, listCaseIds } from './list-query.ts';
import { listScope } from './list-scope.ts';
import { presentCase, presentCases } from './presenter.ts';
import { createCaseRejection, listCaseRejections } from './rejections.ts';
import { assignCaseResponsible, cancelCase, rejectCase } from './transitions.ts';

/** The case use cases; each checks permissions first and changes state in one transaction. */
export function createCasesService(
  database: Database,
  notifier: Notifier,
  listCache: CaseListCache = new CaseListCache(),
  now: () => Date = () => new Date(),
) {
  const { db } = database;
  const pool = queryOnPool(database);
  const present = (actor: Actor, caseId: string) => presentCase(db, actor, caseId);
  return {
    async list(
      actor: Actor,
      filter: CaseListFilter,
      page: PageRequest,
    ): Promise<Omit<Paginated<Case>, 'next' | 'previous'>> {
      const scope = listScope(actor, filter);
      // Per user and profile version: what a page shows depends on the caller's permissions and shares.
      const key = JSON.stringify([
        actor.userId,
        actor.profile.profileVersion,
        scope.search ?? null,
        scope.organisationId ?? null,
        scope.status ?? null,
        page.page,
        page.page_size,
      ]);
      const cached = listCache.get(key);
      if (cached) return cached;
      const loadStartedAt = listCache.beginLoad();
      const { count, ids } = await listCaseIds(pool, actor, scope, page);
      const loaded = { count, results: await presentCases(pool, actor, ids) };
      listCache.store(loadStartedAt, key, loaded);
      return loaded;
    },
    get: present,
    /** Opening the case detail: its "changed" mark on the list goes (any case the actor may see). */
    async markSeen(actor: Actor, caseId: string): Promise<undefined> {
      await findVisibleCase(db, actor, caseId);
      await markSeen(queryOn(db), actor.userId, caseId);
      return undefined;
    },
    text: async (actor: Actor, caseId: string) => caseAsText(await present(actor, caseId)),
    async create(actor: Actor, body: CreateCaseBody, ip: string): Promise<Case> {
      return present(actor, await createCase(db, actor, body, ip, now()));
    },
    async patch(actor: Actor, caseId: string, body: z.output<typeof patchCaseSchema>, ip: string) {
      await editCase(db, actor, caseId, body, ip, now());
      return present(actor, caseId);
    },
    async cancel(actor: Actor, caseId: string, ip: string) {
      await cancelCase(db, actor, caseId, ip);
      return present(actor, caseId);
    },
    async reject(actor: Actor, caseId: string, body: z.output<typeof rejectCaseSchema>, ip: string) {
      await rejectCase(db, actor, caseId, body, ip, notifier);
      return present(actor, caseId);
    },
    listRejections: (actor: Actor, caseId: string, page: PageRequest) => listCaseRejections(db, actor, caseId, page),
    createRejection: (actor: Actor, body: z.output<typeof createCaseRejectionSchema>, ip: string) =>
      createCaseRejection(db, actor, body, ip, notifier),
    async assignResponsible(actor: Actor, caseId: string, body: z.output<typeof assignResponsibleSchema>, ip: string) {
      await assignCaseResponsible(db, actor, caseId, body.caseResponsibleId, ip);
      return present(actor, caseId);
    },
    patientInformation: (actor: Actor, caseId: string, ip: string) => requestPatientInformation(db, actor, caseId, ip),
    sensitiveData: (actor: Actor, caseId: string, ip: string) => sensitiveData(db, actor, caseId, ip),
  };
}

export type CasesService = ReturnType<typeof createCasesService>;
