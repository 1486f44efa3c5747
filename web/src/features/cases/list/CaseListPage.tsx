import type { Case } from '@cardiomap/contract';
import { Box, Stack, Typography } from '@mui/material';
import { useCallback, useState } from 'react';
import { usePageTitle } from '../../../lib/page-title.ts';
import { usePatientIdentifiers, useUser } from '../../auth/index.ts';
import { CancelCaseDialog } from '../cancel/CancelCaseDialog.tsx';
import { NewAnalysisDialog } from '../dialogs/NewAnalysisDialog.tsx';
import { OrderSimulationDialog } from '../dialogs/OrderSimulationDialog.tsx';
import { ShareCaseDialog } from '../sharing/ShareCaseDialog.tsx';
import { CaseCardsView } from './CaseCardsView.tsx';
import { CaseListToolbar } from './CaseListToolbar.tsx';
import { CaseTableView } from './CaseTableView.tsx';
import type { CaseActionKind } from './case-actions.ts';
import { useCaseListParams } from './case-list-params.ts';
import { TrainingBanners } from './TrainingBanners.tsx';
import { useSettledFilters } from './use-settled-filters.ts';
import { useValidPage } from './use-valid-page.ts';

type OpenDialog = { kind: 'new-analysis' } | { kind: CaseActionKind; item: Case } | null;

/** The home page (spec §2 "Case list"): the cases the user may see, as a table or as cards. */
export function CaseListPage() {
  // Spec §2 names the page in the user menu: 'Analyses' (the items in it are cases).
  usePageTitle('Analyses');
  const user = useUser();
  const [params, update] = useCaseListParams();
  useValidPage(params, update);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const { filters, page } = useSettledFilters(params);
  const onPageChange = useCallback((page: number, replace?: boolean) => update({ page }, replace), [update]);
  const onAction = useCallback((kind: CaseActionKind, item: Case) => setDialog({ kind, item }), []);
  const close = () => setDialog(null);
  const requestAnalysis = useCallback(() => setDialog({ kind: 'new-analysis' }), []);
  // Hidden in one place of the session (the case detail's button), hidden here too.
  const showPatientIdentifier = !usePatientIdentifiers().hidden;

  return (
    <Box sx={{ px: { xs: 2, md: 4 }, py: 3 }}>
      <Stack spacing={3}>
        <Typography variant="h4" component="h1">
          Analyses
        </Typography>
        <TrainingBanners />
        <CaseListToolbar
          params={params}
          organisations={user.organisations}
          onChange={update}
          onRequestAnalysis={requestAnalysis}
        />
        {params.view === 'table' ? (
          <CaseTableView
            filters={filters}
            page={page}
            showPatientIdentifier={showPatientIdentifier}
            onPageChange={onPageChange}
            onAction={onAction}
            onRequestAnalysis={requestAnalysis}
          />
        ) : (
          <CaseCardsView
            filters={filters}
            showPatientIdentifier={showPatientIdentifier}
            onAction={onAction}
            onRequestAnalysis={requestAnalysis}
          />
        )}
      </Stack>
      <NewAnalysisDialog open={dialog?.kind === 'new-analysis'} onClose={close} />
      <OrderSimulationDialog
        open={dialog?.kind === 'order-simulation'}
        case={dialog?.kind === 'order-simulation' ? dialog.item : undefined}
        onClose={close}
      />
      {dialog?.kind === 'share' && <ShareCaseDialog item={dialog.item} onClose={close} />}
      {dialog?.kind === 'cancel' && <CancelCaseDialog item={dialog.item} onClose={close} />}
    </Box>
  );
}
