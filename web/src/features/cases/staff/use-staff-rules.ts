import type { Case, CaseStatus, OrderStatus } from '@cardiomap/contract';
import type { StaffCaseFacts } from '@cardiomap/domain';
import { useMemo } from 'react';
import { useUser } from '../../auth/index.ts';

/** The signed-in user's permissions and the case as the staff-action rules of packages/domain read it. */
export function useStaffRules(kase: Case): { permissions: ReadonlySet<string>; facts: StaffCaseFacts } {
  const user = useUser();
  const permissions = useMemo(() => new Set(user.permissions), [user.permissions]);
  const facts = useMemo<StaffCaseFacts>(
    () => ({
      status: kase.status as CaseStatus,
      isResearch: kase.isResearch,
      isSharedToActor: kase.isSharedToCurrentUser,
      hasStudy: kase.studyId !== null,
      orders: kase.orders.map((order) => ({ status: order.status as OrderStatus })),
    }),
    [kase],
  );
  return { permissions, facts };
}
