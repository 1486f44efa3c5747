import type { Case, CaseStatus, UserFlags } from '@cardiomap/contract';
import { isFinished } from '@cardiomap/domain';

export type CaseActionKind = 'order-simulation' | 'share' | 'cancel';

/**
 * The per-case actions of the list (spec §2 "Dialogs"): order a simulation for users who can add orders
 * while the case is not finished; share for users who can share, except cases shared to them; cancel when
 * the server says the caller may cancel this case (canBeCanceled already weighs status and permissions).
 */
export function caseActions(
  user: Pick<UserFlags, 'canAddOrder' | 'canShareCase'>,
  item: Pick<Case, 'status' | 'isSharedToCurrentUser' | 'canBeCanceled'>,
): CaseActionKind[] {
  const actions: CaseActionKind[] = [];
  if (user.canAddOrder && !isFinished(item.status as CaseStatus)) actions.push('order-simulation');
  if (user.canShareCase && !item.isSharedToCurrentUser) actions.push('share');
  if (item.canBeCanceled) actions.push('cancel');
  return actions;
}

export const CASE_ACTION_LABELS: Record<CaseActionKind, string> = {
  'order-simulation': 'Order simulation',
  share: 'Share',
  cancel: 'Cancel case',
};
