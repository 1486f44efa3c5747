import type { Case } from '@cardiomap/contract';
import { Link } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useUser } from '../../auth/index.ts';

/** The case identifier, a link to its detail page for users who may open case details (spec §2 Guards). */
export function CaseIdentifierLink({ item }: { item: Pick<Case, 'id' | 'caseIdentifier'> }) {
  const { canAccessCaseDetails } = useUser();
  if (!canAccessCaseDetails) return <>{item.caseIdentifier}</>;
  return (
    <Link component={RouterLink} to={`/case-detail/${item.id}`} sx={{ fontWeight: 500 }}>
      {item.caseIdentifier}
    </Link>
  );
}
