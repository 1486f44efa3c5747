import type { Case } from '@cardiomap/contract';
import { Link } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useUser } from '../../auth/index.ts';
import { UnseenChangeBadge } from './UnseenChangeBadge.tsx';

/**
 * The case identifier, a link to its detail page for users who may open case details (spec §2 Guards),
 * marked when the case changed since the user last opened it.
 */
export function CaseIdentifierLink({ item }: { item: Pick<Case, 'id' | 'caseIdentifier' | 'hasUnseenChange'> }) {
  const { canAccessCaseDetails } = useUser();
  const badge = item.hasUnseenChange ? <UnseenChangeBadge /> : null;
  if (!canAccessCaseDetails) {
    return (
      <>
        {item.caseIdentifier}
        {badge}
      </>
    );
  }
  return (
    <>
      <Link component={RouterLink} to={`/case-detail/${item.id}`} sx={{ fontWeight: 500 }}>
        {item.caseIdentifier}
      </Link>
      {badge}
    </>
  );
}
