import { C_ARM_PRESETS, type CArmAngles, formatCArmAngles } from '@cardiomap/domain';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { Button, ButtonGroup, Popover, Tooltip } from '@mui/material';
import { useState } from 'react';
import { CArmAlignForm } from './CArmAlignForm.tsx';
import type { SceneCommand } from './scene-types.ts';

interface Props {
  angles: CArmAngles;
  onCommand(command: SceneCommand): void;
}

/** Spec §2 3D camera: reset (also R), align to C-arm, predefined TAVI and LAAO views. */
export function SceneToolbar({ angles, onCommand }: Props) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <ButtonGroup size="small" variant="contained" color="inherit" aria-label="3D camera">
        <Tooltip describeChild title="Reset the camera (R)">
          <Button onClick={() => onCommand({ type: 'reset' })} startIcon={<RestartAltIcon />}>
            Reset
          </Button>
        </Tooltip>
        <Tooltip describeChild title={`TAVI view: ${formatCArmAngles(C_ARM_PRESETS.tavi)}`}>
          <Button onClick={() => onCommand({ type: 'view', preset: 'tavi' })}>TAVI view</Button>
        </Tooltip>
        <Tooltip describeChild title={`LAAO view: ${formatCArmAngles(C_ARM_PRESETS.laao)}`}>
          <Button onClick={() => onCommand({ type: 'view', preset: 'laao' })}>LAAO view</Button>
        </Tooltip>
        <Button aria-haspopup="dialog" onClick={(event) => setAnchor(event.currentTarget)}>
          Align to C-arm
        </Button>
      </ButtonGroup>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': `Align to C-arm, now ${formatCArmAngles(angles)}` } }}
      >
        <CArmAlignForm
          initial={angles}
          onApply={(chosen) => {
            onCommand({ type: 'align', angles: chosen });
            setAnchor(null);
          }}
        />
      </Popover>
    </>
  );
}
