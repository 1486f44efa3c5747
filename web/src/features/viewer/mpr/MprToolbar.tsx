import type { VolumeLevels } from '@cardiomap/domain';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import {
  Box,
  Button,
  FormControlLabel,
  LinearProgress,
  Menu,
  MenuItem,
  Switch,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { type ReactNode, useState } from 'react';
import type { MprCommand, MprSnapshot } from './mpr-engine.ts';
import { type InterpolationType, WINDOW_PRESETS } from './mpr-settings.ts';
import type { ToolMode } from './mpr-tools.ts';

const MODE_LABELS: Record<ToolMode, string> = {
  crosshairs: 'Crosshairs',
  windowLevel: 'W/L',
  pan: 'Pan',
  zoom: 'Zoom',
};

interface Props {
  snapshot: MprSnapshot;
  canSetInterpolation: boolean;
  onCommand(command: MprCommand): void;
  onInterpolationChange(value: InterpolationType): void;
  /** Controls the viewer adds (the contour toggle), after the interpolation switch. */
  children?: ReactNode;
}

function presetLabel(levels: VolumeLevels): string {
  const preset = WINDOW_PRESETS.find(
    (p) => p.windowCenter === levels.windowCenter && p.windowWidth === levels.windowWidth,
  );
  return preset ? preset.label : 'Custom';
}

export function MprToolbar({ snapshot, canSetInterpolation, onCommand, onInterpolationChange, children }: Props) {
  const [presetAnchor, setPresetAnchor] = useState<HTMLElement | null>(null);
  const { progress } = snapshot;
  const streaming = snapshot.status !== 'error' && (progress.total === 0 || progress.loaded < progress.total);
  const percent = progress.total ? Math.floor((100 * progress.loaded) / progress.total) : 0;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 1, py: 0.5, flexWrap: 'wrap' }}>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={snapshot.toolMode}
        onChange={(_, mode: ToolMode | null) => mode && onCommand({ type: 'toolMode', mode })}
        aria-label="Left mouse button"
      >
        {(Object.keys(MODE_LABELS) as ToolMode[]).map((mode) => (
          <ToggleButton key={mode} value={mode}>
            {MODE_LABELS[mode]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Button
        size="small"
        variant="outlined"
        aria-haspopup="menu"
        onClick={(event) => setPresetAnchor(event.currentTarget)}
      >
        Window: {presetLabel(snapshot.levels)}
      </Button>
      <Menu anchorEl={presetAnchor} open={presetAnchor !== null} onClose={() => setPresetAnchor(null)}>
        {WINDOW_PRESETS.map((preset) => (
          <MenuItem
            key={preset.id}
            onClick={() => {
              onCommand({ type: 'preset', id: preset.id });
              setPresetAnchor(null);
            }}
          >
            {preset.label} ({preset.windowWidth}/{preset.windowCenter})
          </MenuItem>
        ))}
      </Menu>
      <Button
        size="small"
        variant="outlined"
        startIcon={<RestartAltIcon />}
        onClick={() => onCommand({ type: 'reset' })}
      >
        Reset
      </Button>
      {canSetInterpolation && (
        <FormControlLabel
          control={
            <Switch
              size="small"
              checked={snapshot.interpolationType === 1}
              onChange={(event) => onInterpolationChange(event.target.checked ? 1 : 0)}
            />
          }
          label="Linear interpolation"
        />
      )}
      {children}
      {streaming && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 220, flex: 1, maxWidth: 360 }}>
          <LinearProgress variant="determinate" value={percent} sx={{ flex: 1 }} aria-label="Loading the images" />
          <Typography variant="body2" data-testid="mpr-progress">
            {percent}%
          </Typography>
        </Box>
      )}
    </Box>
  );
}
