import { CASE_STATUS_LABELS, type Case, type CaseStatus } from '@cardiomap/contract';
import { Button, Chip, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { ViewerLinks } from '../../viewer/index.ts';
import { ChangeDevicesDialog } from '../dialogs/ChangeDevicesDialog.tsx';
import { EditCaseDialog } from '../dialogs/EditCaseDialog.tsx';
import { CaseReportActions } from '../report/CaseReportActions.tsx';

/** Spec §2 "Case detail" header: identifier, status, and the Edit case and Change Devices dialogs. */
export function CaseDetailHeader({ kase }: { kase: Case }) {
  const [dialog, setDialog] = useState<'edit' | 'devices' | null>(null);
  const close = () => setDialog(null);
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
      <Typography variant="h4" component="h1">
        {kase.caseIdentifier}
      </Typography>
      <Chip label={CASE_STATUS_LABELS[kase.status as CaseStatus] ?? 'Unknown'} data-testid="case-status" />
      <Stack direction="row" spacing={1} sx={{ ml: 'auto' }}>
        <ViewerLinks kase={kase} />
        <CaseReportActions kase={kase} />
        {kase.canEdit && (
          <Button variant="outlined" onClick={() => setDialog('edit')}>
            Edit case
          </Button>
        )}
        {kase.canChangeDevices && (
          <Button variant="outlined" onClick={() => setDialog('devices')}>
            Change Devices
          </Button>
        )}
      </Stack>
      {kase.canEdit && <EditCaseDialog open={dialog === 'edit'} onClose={close} case={kase} />}
      {kase.canChangeDevices && <ChangeDevicesDialog open={dialog === 'devices'} onClose={close} case={kase} />}
    </Stack>
  );
}
