import type { ViewerPhase } from '@cardiomap/contract';
import { FormControl, InputLabel, MenuItem, Select } from '@mui/material';
import { phaseOptionText } from './viewer-phases.ts';

/**
 * Issue 28: the cardiac phase the MPR panes show, in the viewer header; only for a study with more
 * than one phase. A select: reachable by Tab, opened by Enter or Space, chosen by the arrow keys.
 */
export function PhaseSelector({
  phases,
  current,
  onSelect,
}: {
  phases: readonly ViewerPhase[];
  current: ViewerPhase | null;
  onSelect(phaseId: string): void;
}) {
  if (phases.length < 2 || !current) return null;
  return (
    <FormControl size="small" sx={{ minWidth: 200 }}>
      <InputLabel id="cardiac-phase-label">Cardiac phase</InputLabel>
      <Select
        labelId="cardiac-phase-label"
        label="Cardiac phase"
        value={current.id}
        onChange={(event) => onSelect(event.target.value)}
      >
        {phases.map((phase) => (
          <MenuItem key={phase.id} value={phase.id}>
            {phaseOptionText(phase)}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
