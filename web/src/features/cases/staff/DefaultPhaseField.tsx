import type { CardiacPhase } from '@cardiomap/contract';
import { FormControl, FormHelperText, InputLabel, MenuItem, Select, Typography } from '@mui/material';
import { phaseOptionLabel } from '../api/study-phases.ts';

/**
 * Issue 28: the study's default cardiac phase, the one the viewer opens and new measurements go to.
 * A study of one phase has nothing to choose.
 */
export function DefaultPhaseField({
  phases,
  value,
  onChange,
  disabled,
}: {
  phases: readonly CardiacPhase[];
  value: string;
  onChange: (phaseId: string) => void;
  disabled: boolean;
}) {
  if (phases.length < 2) {
    return <Typography variant="body2">Cardiac phase: {phases[0]?.label ?? 'none yet'}.</Typography>;
  }
  return (
    <FormControl disabled={disabled} fullWidth>
      <InputLabel id="default-phase-label">Default cardiac phase</InputLabel>
      <Select
        labelId="default-phase-label"
        label="Default cardiac phase"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {phases.map((phase) => (
          <MenuItem key={phase.id} value={phase.id}>
            {phaseOptionLabel(phase)}
          </MenuItem>
        ))}
      </Select>
      <FormHelperText>
        The phase the viewer opens and new measurements are placed on. Existing measurements keep their phase.
      </FormHelperText>
    </FormControl>
  );
}
