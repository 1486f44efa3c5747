import type { Case } from '@cardiomap/contract';
import {
  assignResponsibleAction,
  cancelAction,
  legacyConfigAction,
  orderSimulationAction,
  rejectAction,
  shareAction,
  studyOptionsAction,
} from '@cardiomap/domain';
import { Stack } from '@mui/material';
import { useState } from 'react';
import { CancelCaseDialog } from '../cancel/CancelCaseDialog.tsx';
import { OrderSimulationDialog } from '../dialogs/OrderSimulationDialog.tsx';
import { ShareCaseDialog } from '../sharing/ShareCaseDialog.tsx';
import { ActionButton } from './ActionButton.tsx';
import { AssignResponsibleDialog } from './AssignResponsibleDialog.tsx';
import { LegacyConfigDialog } from './LegacyConfigDialog.tsx';
import { RejectCaseDialog } from './RejectCaseDialog.tsx';
import { StudyOptionsDialog } from './StudyOptionsDialog.tsx';
import { useStaffRules } from './use-staff-rules.ts';

type OpenDialog =
  | 'share'
  | 'cancel'
  | 'order-simulation'
  | 'assign'
  | 'reject'
  | 'study-options'
  | 'legacy-config'
  | null;

/**
 * The case-level actions of the case detail (issue 17 §1): Share and Cancel (the list's dialogs, reused),
 * Order simulation, Assign case responsible, Reject, the study options and the legacy simulation results. Hidden, usable, or disabled
 * with the reason as its tooltip, by the domain rules.
 */
export function CaseStaffActions({ kase }: { kase: Case }) {
  const { permissions, facts } = useStaffRules(kase);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = () => setDialog(null);
  const states = {
    share: shareAction(permissions, facts),
    orderSimulation: orderSimulationAction(permissions, facts),
    assign: assignResponsibleAction(permissions, facts),
    studyOptions: studyOptionsAction(permissions, facts),
    legacyConfig: legacyConfigAction(permissions, facts),
    reject: rejectAction(permissions, facts),
    cancel: cancelAction(permissions, facts),
  };
  if (!Object.values(states).some((state) => state.show)) return null;
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ flexWrap: 'wrap', mb: 2 }}
      role="group"
      aria-label="Case actions"
    >
      <ActionButton state={states.share} onClick={() => setDialog('share')}>
        Share
      </ActionButton>
      <ActionButton state={states.orderSimulation} onClick={() => setDialog('order-simulation')}>
        Order simulation
      </ActionButton>
      <ActionButton state={states.assign} onClick={() => setDialog('assign')}>
        Assign case responsible
      </ActionButton>
      <ActionButton state={states.studyOptions} onClick={() => setDialog('study-options')}>
        Advanced case options
      </ActionButton>
      <ActionButton state={states.legacyConfig} onClick={() => setDialog('legacy-config')}>
        Legacy simulation results
      </ActionButton>
      <ActionButton state={states.reject} color="error" onClick={() => setDialog('reject')}>
        Reject case
      </ActionButton>
      <ActionButton state={states.cancel} color="error" onClick={() => setDialog('cancel')}>
        Cancel case
      </ActionButton>
      {dialog === 'share' && <ShareCaseDialog item={kase} onClose={close} />}
      {dialog === 'cancel' && <CancelCaseDialog item={kase} onClose={close} />}
      <OrderSimulationDialog open={dialog === 'order-simulation'} case={kase} onClose={close} />
      {dialog === 'assign' && <AssignResponsibleDialog kase={kase} onClose={close} />}
      {dialog === 'reject' && <RejectCaseDialog kase={kase} onClose={close} />}
      {dialog === 'legacy-config' && kase.studyId && (
        <LegacyConfigDialog kase={kase} studyId={kase.studyId} onClose={close} />
      )}
      {dialog === 'study-options' && kase.studyId && (
        <StudyOptionsDialog kase={kase} studyId={kase.studyId} onClose={close} />
      )}
    </Stack>
  );
}
