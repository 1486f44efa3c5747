import type { Case } from '@cardiomap/contract';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { presentCase } from './presenter.ts';

/** The case use cases: each checks permissions first, then works in one transaction. */
export function createCasesService(database: Database) {
  const { db } = database;
  return {
    get: (actor: Actor, caseId: string): Promise<Case> => presentCase(db, actor, caseId),
  };
}

export type CasesService = ReturnType<typeof createCasesService>;
