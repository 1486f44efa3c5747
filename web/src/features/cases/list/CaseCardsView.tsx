import type { Case } from '@cardiomap/contract';
import { Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useInfiniteQuery } from '@tanstack/react-query';
import { type CaseListFilters, casesInfiniteQueryOptions } from '../api/list-cases.ts';
import { CaseCard } from './CaseCard.tsx';
import type { CaseActionKind } from './case-actions.ts';
import { CasesLoadError, LoadingCases, NoCases } from './ListStates.tsx';
import { useInView } from './use-in-view.ts';

interface Props {
  filters: CaseListFilters;
  showPatientIdentifier: boolean;
  onAction: (kind: CaseActionKind, item: Case) => void;
  /** The empty list's way to start (spec §2 'Request analysis'). */
  onRequestAnalysis: () => void;
}

/** The card view: pages of cases load one after another as the user scrolls (spec §2 infinite scroll). */
export function CaseCardsView({ filters, showPatientIdentifier, onAction, onRequestAnalysis }: Props) {
  const query = useInfiniteQuery(casesInfiniteQueryOptions(filters));
  // A case created while the user scrolls shifts later pages by one: the same case must not show twice.
  const cases = [...new Map((query.data?.pages ?? []).flatMap((p) => p.results).map((c) => [c.id, c])).values()];
  const loadMore = () => {
    if (query.hasNextPage && !query.isFetchingNextPage && !query.isFetchNextPageError) void query.fetchNextPage();
  };
  const sentinel = useInView<HTMLDivElement>(loadMore, `${cases.length}/${query.hasNextPage}`);

  if (query.isPending) return <LoadingCases />;
  if (query.isError && cases.length === 0) return <CasesLoadError onRetry={() => query.refetch()} />;
  const count = query.data?.pages[0]?.count ?? 0;
  if (count === 0) return <NoCases filters={filters} onRequestAnalysis={onRequestAnalysis} />;
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        Showing {cases.length} out of {count} cases
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        {cases.map((item) => (
          <CaseCard key={item.id} item={item} showPatientIdentifier={showPatientIdentifier} onAction={onAction} />
        ))}
      </Box>
      <Box ref={sentinel} sx={{ display: 'flex', justifyContent: 'center', minHeight: 48 }}>
        {query.isFetchingNextPage && <CircularProgress size={28} aria-label="Loading more cases" />}
        {query.isFetchNextPageError && <CasesLoadError onRetry={() => query.fetchNextPage()} />}
        {query.hasNextPage && !query.isFetching && !query.isFetchNextPageError && (
          <Button onClick={loadMore}>Load more cases</Button>
        )}
      </Box>
    </Stack>
  );
}
