import {
  canCreateLandmark,
  canDeleteLandmark,
  canEditLandmark,
  canPublishLandmark,
  hasDeliveredOrder,
  type ViewerCaseFacts,
} from '@cardiomap/domain';
import type { VisibleCase } from '../../access/case-access.ts';
import type { Actor } from '../../lib/actor.ts';
import type { LandmarkRights } from './presenter.ts';

/** The case as the spec §6 landmark rules (packages/domain) see it. */
const caseFacts = (found: VisibleCase): ViewerCaseFacts => ({
  status: found.status,
  isResearch: found.isResearch,
  hasDeliveredOrder: hasDeliveredOrder(found),
});

export const mayCreateLandmarkOn = (actor: Actor, found: VisibleCase): boolean =>
  canCreateLandmark(actor, caseFacts(found));

export const mayPublishOn = (actor: Actor, found: VisibleCase): boolean => canPublishLandmark(actor, caseFacts(found));

/** The actor's rights on one landmark of the case: what the server enforces and the presenter reports. */
export function landmarkRights(
  actor: Actor,
  found: VisibleCase,
  landmark: { landmarkTypeId: string | null; createdById: string },
): LandmarkRights {
  const facts = caseFacts(found);
  return {
    canEdit: canEditLandmark(actor, facts, landmark),
    canDelete: canDeleteLandmark(actor, facts, landmark),
    canPublish: canPublishLandmark(actor, facts),
  };
}
