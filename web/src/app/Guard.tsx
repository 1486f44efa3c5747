import { decideGuard, type RouteRequirements } from '@cardiomap/domain';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { NotFoundPage } from '../components/NotFoundPage.tsx';
import { useUser } from '../features/auth/index.ts';

/** Most pages need a primary organisation and approved terms (spec §2 "Guards"). */
export const STANDARD_PAGE: RouteRequirements = { needsOrganisation: true, needsApprovedTerms: true };

/**
 * Applies the guard rules of packages/domain to one route. It runs below RequireAuth, so the user and
 * their permissions are always loaded when it decides: a failed check is final, never a race.
 */
export function Guard({ requirements, children }: { requirements: RouteRequirements; children: ReactNode }) {
  const user = useUser();
  const location = useLocation();
  const decision = decideGuard(
    { primaryOrganisation: user.primaryOrganisation, hasApprovedTerms: user.hasApprovedTerms, flags: user },
    requirements,
  );
  switch (decision.kind) {
    case 'allow':
      return children;
    case 'not-found':
      return <NotFoundPage />;
    case 'redirect':
      if (decision.to === '/terms') {
        const here = location.pathname + location.search;
        return <Navigate to={`/terms?redirect=${encodeURIComponent(here)}`} replace />;
      }
      return <Navigate to={decision.to} replace />;
  }
}
