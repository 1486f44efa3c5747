import type { Case } from '@cardiomap/contract';
import { Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { PageNumbers } from '../../../components/PageNumbers.tsx';
import { type CaseListFilters, casesPageQueryOptions } from '../api/list-cases.ts';
import { CaseTable } from './CaseTable.tsx';
import type { CaseActionKind } from './case-actions.ts';
import { isInvalidPageError, pageCount } from './invalid-page.ts';
import { CasesLoadError, LoadingCases, NoCases } from './ListStates.tsx';

interface Props {
  filters: CaseListFilters;
  page: number;
  showPatientIdentifier: boolean;
  onPageChange: (page: number, replace?: boolean) => void;
  onAction: (kind: CaseActionKind, item: Case) => void;
  /** The empty list's way to start (spec §2 'Request analysis'). */
  onRequestAnalysis: () => void;
}

/** The table view: 15 cases per page with numbered pagination (spec §2, §9). */
export function CaseTableView({
  filters,
  page,
  showPatientIdentifier,
  onPageChange,
  onAction,
  onRequestAnalysis,
}: Props) {
  const query = useQuery(casesPageQueryOptions(filters, page));
  const beyondLast = query.data !== undefined && !query.isPlaceholderData && page > pageCount(query.data.count);
  const invalidPage = (query.isError && isInvalidPageError(query.error)) || beyondLast;
  useEffect(() => {
    if (invalidPage && page !== 1) onPageChange(1, true);
  }, [invalidPage, page, onPageChange]);

  if (query.isPending || (invalidPage && page !== 1)) return <LoadingCases />;
  if (query.isError) return <CasesLoadError onRetry={() => query.refetch()} />;
  const { results, count } = query.data;
  if (count === 0) return <NoCases filters={filters} onRequestAnalysis={onRequestAnalysis} />;
  return (
    <Stack spacing={2} sx={{ opacity: query.isPlaceholderData ? 0.6 : 1 }} aria-busy={query.isFetching}>
      <CaseTable cases={results} showPatientIdentifier={showPatientIdentifier} onAction={onAction} />
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="body2" color="text.secondary">
          {count === 1 ? '1 case' : `${count} cases`}
        </Typography>
        <PageNumbers page={page} pageCount={pageCount(count)} onChange={(n) => onPageChange(n)} />
      </Stack>
    </Stack>
  );
}
