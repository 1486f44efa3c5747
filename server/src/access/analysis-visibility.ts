import { type CaseFacts, isUndelivered, PERMISSIONS } from '@cardiomap/domain';
import type { Actor } from '../lib/actor.ts';

/**
 * Spec §6: an undelivered case's analyses (and everything in them: results, landmarks, the 3D scene)
 * exist only for those who may view undelivered analyses; to everyone else they answer like missing
 * ones. Here rather than in modules/analyses because the scene (modules/visualisations) asks it too,
 * and analyses writes the scene through visualisations' use cases, so visualisations may not import it.
 */
export const seesAnalysesOf = (actor: Actor, facts: CaseFacts): boolean =>
  actor.permissions.has(PERMISSIONS.viewUndeliveredAnalyses) || !isUndelivered(facts);
