import type { ViewerPhase } from '@cardiomap/contract';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { useSyncExternalStore } from 'react';
import type { CinePlayer } from '../mpr/cine-player.ts';
import { CINE_SHORTCUT, type PhaseCine } from './use-phase-cine.ts';

/**
 * Issue 28 §2, beside the phase selector: play/pause of cine (also the P key), how many phases are in
 * memory while they stream, and while playing which phase the panes show. Pausing returns the panes
 * to the selected phase, which the selector names.
 */
export function CineControls({ cine, phases }: { cine: PhaseCine; phases: readonly ViewerPhase[] }) {
  const { progress, canPlay, playing, player, toggle } = cine;
  if (!progress || phases.length < 2) return null;
  const allIn = progress.ready === progress.total;
  const label = playing ? 'Pause cine' : 'Play cine';
  const key = CINE_SHORTCUT.toUpperCase();
  const hint = playing
    ? `Pause cine (${key}): the panes return to the selected phase`
    : canPlay
      ? `Play the cardiac phases in a loop (${key})${
          progress.reduction > 1
            ? `; shown at 1/${progress.reduction} resolution to fit this browser's memory, pause for full detail`
            : ''
        }`
      : 'Cine plays once every phase is loaded, in the MPR view';
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Tooltip title={hint}>
        <span>
          <IconButton
            aria-label={label}
            aria-keyshortcuts={key}
            aria-pressed={playing}
            disabled={!playing && !canPlay}
            onClick={toggle}
            size="small"
          >
            {playing ? <PauseIcon /> : <PlayArrowIcon />}
          </IconButton>
        </span>
      </Tooltip>
      {playing && player ? (
        <ShownPhase player={player} phases={phases} />
      ) : (
        <Typography variant="body2" color="text.secondary" data-testid="phase-stream-progress">
          {allIn
            ? `${progress.total} phases ready`
            : `${progress.ready} of ${progress.total} phases ready${progress.failed ? ` (${progress.failed} failed)` : ''}`}
        </Typography>
      )}
    </Stack>
  );
}

/** The phase on the panes, re-rendered alone on each cine frame (not the whole viewer). */
function ShownPhase({ player, phases }: { player: CinePlayer; phases: readonly ViewerPhase[] }) {
  const shownId = useSyncExternalStore(player.onFrame, () => player.shownId);
  const phase = phases.find((candidate) => candidate.id === shownId);
  return (
    <Typography
      variant="body2"
      role="status"
      data-testid="cine-phase"
      data-phase-id={shownId ?? ''}
      sx={{ minWidth: 90, fontVariantNumeric: 'tabular-nums' }}
    >
      Cine: {phase?.label ?? '…'}
    </Typography>
  );
}
