import { type Case, InterpolationType } from '@cardiomap/contract';
import { interpolationAction } from '@cardiomap/domain';
import {
  Alert,
  Dialog,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Typography,
} from '@mui/material';
import { type FormEvent, useState } from 'react';
import { allErrorMessages } from '../../../api/index.ts';
import { shownByOnError } from '../../../hooks/use-api-mutation.ts';
import { useSetDefaultPhase, useStudyPhases } from '../api/study-phases.ts';
import { useSetSceneOrder, useStudyVisualisations } from '../api/study-scene-order.ts';
import { useSetStudyInterpolation, useStudyVolume } from '../api/study-volume.ts';
import { DialogForm } from '../dialogs/DialogForm.tsx';
import { DefaultPhaseField } from './DefaultPhaseField.tsx';
import { SceneOrderField } from './SceneOrderField.tsx';
import { useStaffRules } from './use-staff-rules.ts';

/**
 * The advanced case options (spec §6 simulations.change_study, the permission the server checks on each
 * of them): the scene's visualisation order (PATCH studies/{id}/), the default cardiac phase of a gated
 * study (issue 28; audited by the server), and the volume's interpolation type, which spec §6 lets change
 * only on an undelivered, unfinished case with simulations.change_studyresource (shown, disabled with the
 * reason, to those without it).
 */
export function StudyOptionsDialog({ kase, studyId, onClose }: { kase: Case; studyId: string; onClose: () => void }) {
  const { permissions, facts } = useStaffRules(kase);
  const rule = interpolationAction(permissions, facts);
  const volume = useStudyVolume(studyId);
  const [chosen, setChosen] = useState<InterpolationType | null>(null);
  const current = (volume.data?.attributes.interpolationType ?? InterpolationType.NEAREST) as InterpolationType;
  const value = chosen ?? current;
  const phases = useStudyPhases(studyId);
  const currentPhase = phases.data?.find((p) => p.isDefault)?.id ?? '';
  const [chosenPhase, setChosenPhase] = useState<string | null>(null);
  const phaseValue = chosenPhase ?? currentPhase;
  const visualisations = useStudyVisualisations(studyId);
  const currentOrder = (visualisations.data ?? []).map((v) => v.id);
  const [chosenOrder, setChosenOrder] = useState<string[] | null>(null);
  const order = chosenOrder ?? currentOrder;
  const [alerts, setAlerts] = useState<string[]>([]);
  const onError = (error: unknown) => setAlerts(allErrorMessages(error));
  const save = useSetStudyInterpolation(studyId, { onError });
  const savePhase = useSetDefaultPhase(studyId, { onError });
  const saveOrder = useSetSceneOrder(studyId, { onError });
  const editable = rule.show && rule.allowed && volume.isSuccess && volume.data !== null;
  const interpolationChanged = editable && value !== current;
  const phaseChanged = phaseValue !== '' && phaseValue !== currentPhase;
  const orderChanged = chosenOrder !== null && chosenOrder.join() !== currentOrder.join();
  const pending = save.isPending || savePhase.isPending || saveOrder.isPending;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAlerts([]);
    if (orderChanged && !(await saveOrder.mutateAsync(order).catch(shownByOnError))) return;
    if (!volume.data) {
      onClose();
      return;
    }
    if (phaseChanged && !(await savePhase.mutateAsync(phaseValue).catch(shownByOnError))) return;
    if (interpolationChanged) {
      const done = await save.mutateAsync({ resourceId: volume.data.id, type: value }).catch(shownByOnError);
      if (!done) return;
    }
    onClose();
  };
  return (
    <Dialog open onClose={pending ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby="study-options-title">
      <DialogTitle id="study-options-title">Advanced case options</DialogTitle>
      <DialogForm
        label="Advanced case options"
        onSubmit={submit}
        onCancel={onClose}
        alerts={alerts}
        submitLabel={pending ? 'Saving…' : 'Save'}
        canSubmit={(interpolationChanged || phaseChanged || orderChanged) && !pending}
      >
        {volume.isPending && <Typography>Loading the volume…</Typography>}
        {volume.isError && <Alert severity="error">The volume could not be loaded. Close and try again.</Alert>}
        {volume.isSuccess && volume.data === null && (
          <Alert severity="info">This study has no volume yet: the images have not been processed.</Alert>
        )}
        {volume.isSuccess && volume.data && (
          <FormControl disabled={!editable}>
            <FormLabel id="interpolation-label">Interpolation of the volume</FormLabel>
            <RadioGroup
              aria-labelledby="interpolation-label"
              value={String(value)}
              onChange={(event) => setChosen(Number(event.target.value) as InterpolationType)}
            >
              <FormControlLabel
                value={String(InterpolationType.NEAREST)}
                control={<Radio />}
                label="Nearest voxel (sharp edges)"
              />
              <FormControlLabel value={String(InterpolationType.LINEAR)} control={<Radio />} label="Linear (smooth)" />
            </RadioGroup>
            <FormHelperText>
              {rule.show && !rule.allowed
                ? rule.reason
                : 'Linear suits volumes whose slice spacing varies by more than 0.3 mm.'}
            </FormHelperText>
          </FormControl>
        )}
        {visualisations.isSuccess && (
          <SceneOrderField
            visualisations={visualisations.data}
            order={order}
            onChange={setChosenOrder}
            disabled={pending}
          />
        )}
        {volume.isSuccess && volume.data && phases.isSuccess && (
          <DefaultPhaseField phases={phases.data} value={phaseValue} onChange={setChosenPhase} disabled={pending} />
        )}
      </DialogForm>
    </Dialog>
  );
}
