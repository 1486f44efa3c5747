import type { VolumeLevels } from '@cardiomap/domain';
import CloseFullscreenIcon from '@mui/icons-material/CloseFullscreen';
import OpenInFullIcon from '@mui/icons-material/OpenInFull';
import { Box, IconButton, Tooltip, Typography } from '@mui/material';
import { type PaneLandmarkShape, shapePath } from './landmark-overlay.ts';
import type { MprPointer } from './mpr-engine.ts';
import { PANE_COLORS, PANE_TITLES, type PaneId } from './mpr-settings.ts';
import type { PaneReadout } from './pane-readout.ts';

interface Props {
  pane: PaneId;
  readout: PaneReadout;
  levels: VolumeLevels;
  pointer: MprPointer | null;
  landmarks: PaneLandmarkShape[];
  maximised: boolean;
  onToggleMaximise(): void;
}

const text = { color: '#fff', textShadow: '0 0 3px #000', fontSize: 12, lineHeight: 1.4 } as const;

/** A point the user may drag (edit mode, a landmark they may change) is drawn as a larger, outlined handle. */
const pointStyle = (shape: PaneLandmarkShape) =>
  shape.draggable ? { r: 5, stroke: '#fff', strokeWidth: 1.5, 'data-handle': true } : { r: 3 };

/** Read-outs over one pane; it lets the mouse through to the image except on its button. */
export function MprPaneOverlay({ pane, readout, levels, pointer, landmarks, maximised, onToggleMaximise }: Props) {
  const { labels } = readout;
  const edge = (position: object, label: string, name: string) => (
    <Typography
      data-testid={`mpr-${pane}-label-${name}`}
      sx={{ ...text, position: 'absolute', fontWeight: 700, ...position }}
    >
      {label}
    </Typography>
  );
  return (
    <Box sx={{ position: 'absolute', inset: 0, pointerEvents: 'none', border: `2px solid ${PANE_COLORS[pane]}` }}>
      <svg
        aria-hidden
        data-testid={`mpr-${pane}-landmarks`}
        style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', overflow: 'hidden' }}
      >
        {landmarks.map((shape) => (
          <g key={shape.id} data-landmark={shape.id} stroke={shape.color} fill={shape.color}>
            <path d={shapePath(shape)} fill="none" strokeWidth={1.5} />
            {shape.points.map(
              // biome-ignore lint/suspicious/noArrayIndexKey: a landmark's points are known by their order
              (point, k) => point && <circle key={k} cx={point[0]} cy={point[1]} {...pointStyle(shape)} />,
            )}
          </g>
        ))}
      </svg>
      <Typography sx={{ ...text, position: 'absolute', top: 4, left: 8, color: PANE_COLORS[pane], fontWeight: 700 }}>
        {PANE_TITLES[pane]}
      </Typography>
      {edge({ top: 4, left: '50%', transform: 'translateX(-50%)' }, labels.top, 'top')}
      {edge({ bottom: 4, left: '50%', transform: 'translateX(-50%)' }, labels.bottom, 'bottom')}
      {edge({ left: 8, top: '50%', transform: 'translateY(-50%)' }, labels.left, 'left')}
      {edge({ right: 8, top: '50%', transform: 'translateY(-50%)' }, labels.right, 'right')}
      <Box sx={{ position: 'absolute', bottom: 4, left: 8 }}>
        {readout.interpolated && (
          <Typography
            data-testid={`mpr-${pane}-interpolated`}
            title="No image was acquired at this position: the slice is blended from its neighbours"
            sx={{ ...text, color: '#ffb74d', fontWeight: 700 }}
          >
            Interpolated slice
          </Typography>
        )}
        <Typography sx={text}>
          Slice {readout.sliceCount ? readout.sliceIndex + 1 : 0}/{readout.sliceCount}
        </Typography>
        <Typography sx={text}>Position {readout.positionMm.toFixed(1)} mm</Typography>
      </Box>
      <Box sx={{ position: 'absolute', bottom: 4, right: 8, textAlign: 'right' }}>
        {pointer?.pane === pane && (
          <Typography sx={text} data-testid={`mpr-${pane}-hu`}>
            {pointer.hu === null ? 'Outside the volume' : `${pointer.hu} HU`}
          </Typography>
        )}
        <Typography sx={text}>Zoom {readout.zoom.toFixed(2)}×</Typography>
        <Typography sx={text}>
          W {Math.round(levels.windowWidth)} L {Math.round(levels.windowCenter)}
        </Typography>
      </Box>
      <Tooltip title={maximised ? 'Restore (Esc)' : 'Maximise (double-click)'}>
        <IconButton
          size="small"
          aria-label={maximised ? `Restore ${PANE_TITLES[pane]}` : `Maximise ${PANE_TITLES[pane]}`}
          onClick={onToggleMaximise}
          sx={{ position: 'absolute', top: 2, right: 2, color: '#fff', pointerEvents: 'auto' }}
        >
          {maximised ? <CloseFullscreenIcon fontSize="small" /> : <OpenInFullIcon fontSize="small" />}
        </IconButton>
      </Tooltip>
    </Box>
  );
}
