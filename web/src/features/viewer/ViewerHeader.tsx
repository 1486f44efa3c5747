import type { ViewerLoad, ViewerPhase } from '@cardiomap/contract';
import { Alert, Box, Stack, Typography } from '@mui/material';
import { headerWarnings } from './header-alerts.ts';
import { CineControls } from './phases/CineControls.tsx';
import { PhaseSelector } from './phases/PhaseSelector.tsx';
import type { PhaseCine } from './phases/use-phase-cine.ts';

export const NON_CLINICAL_WARNING =
  'The results of this case cannot be used for clinical purposes because the organization only has a non-clinical device license for this device.';

export const OBSOLETE_RESULTS_WARNING =
  'Obsolete: these results were marked obsolete and must no longer be used. A newer delivery replaces them.';

/** Title, subtitle, the cardiac phase and its cine, the study's warnings and (spec §8) the non-clinical banner. */
export function ViewerHeader({
  load,
  currentPhase,
  onSelectPhase,
  cine,
}: {
  load: ViewerLoad;
  currentPhase: ViewerPhase | null;
  onSelectPhase(phaseId: string): void;
  /** Issue 28 §2: cine and the other phases' background download; none for a single phase. */
  cine?: PhaseCine;
}) {
  const warnings = headerWarnings(load);
  return (
    <Box sx={{ px: 2, pt: 1 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h6" component="h1">
          {load.title}
        </Typography>
        {load.subtitle && (
          <Typography variant="body2" color="text.secondary">
            {load.subtitle}
          </Typography>
        )}
        <PhaseSelector phases={load.phases} current={currentPhase} onSelect={onSelectPhase} />
        {cine && <CineControls cine={cine} phases={load.phases} />}
      </Stack>
      {load.isObsolete && (
        <Alert severity="error" sx={{ my: 0.5 }}>
          {OBSOLETE_RESULTS_WARNING}
        </Alert>
      )}
      {!load.isClinical && (
        <Alert severity="warning" sx={{ my: 0.5 }}>
          {NON_CLINICAL_WARNING}
        </Alert>
      )}
      {warnings.map((warning) => (
        <Alert key={warning} severity="info" sx={{ my: 0.5 }}>
          {warning}
        </Alert>
      ))}
    </Box>
  );
}
