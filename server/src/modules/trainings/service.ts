import type { Training } from '@cardiomap/contract';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { notFound } from '../../lib/http-errors.ts';
import { recordAudit } from '../audit/index.ts';
import * as repo from './repository.ts';

/** Trainings (spec §3) and their completion, which unblocks ordering for the intervention (spec §6). */
export function createTrainingsService(database: Database) {
  return {
    list: (actor: Actor) => repo.listTrainings(database, actor.userId, actor.primaryOrganisationId),

    async complete(actor: Actor, trainingId: string, ip: string): Promise<Training> {
      const visible = await repo.listTrainings(database, actor.userId, actor.primaryOrganisationId);
      if (!visible.some((t) => t.id === trainingId)) throw notFound('No training matches the given id.');
      await repo.recordCompletion(database, actor.userId, trainingId);
      await recordAudit(database.db, {
        actorId: actor.userId,
        action: 'training.complete',
        targetType: 'training',
        targetId: trainingId,
        ip,
      });
      const training = await repo.findTraining(database, actor.userId, trainingId);
      if (!training) throw notFound('No training matches the given id.');
      return training;
    },
  };
}

export type TrainingsService = ReturnType<typeof createTrainingsService>;
