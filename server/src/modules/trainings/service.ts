import type { Training } from '@cardiomap/contract';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { forbidden, notFound } from '../../lib/http-errors.ts';
import { type PageRequest, pageWindow } from '../../lib/pagination.ts';
import { recordAudit } from '../audit/index.ts';
import { adminScope } from '../users/index.ts';
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

    /**
     * Spec §3 Training record. Anyone reads their own; another user's records are for administrators
     * (the user-administration permissions). The scope is the one of the user screens: a user outside
     * the caller's organisations answers 404 like a missing one unless the caller manages all
     * organisations; a visible one without the right answers 403.
     */
    async records(actor: Actor, userId: string | undefined, page: PageRequest) {
      const target = userId ?? actor.userId;
      if (target !== actor.userId) {
        if (!(await repo.userVisible(database, target, adminScope(actor)))) {
          throw notFound('No user matches the given query.');
        }
        if (!actor.flags.canEditUsersAndOrganisations) throw forbidden();
      }
      return repo.listTrainingRecords(database, target, pageWindow(page));
    },
  };
}

export type TrainingsService = ReturnType<typeof createTrainingsService>;
