import type { VolumeLevels } from '@cardiomap/domain';
import { Box, LinearProgress, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { dismissBootPreview } from '../boot/boot-preview.ts';
import { useViewerSession } from '../session/viewer-session-context.ts';
import { startEarlyPreview } from './early-preview.ts';
import { openFirstImageGate } from './first-image-gate.ts';
import { PANE_IDS, type PaneId } from './mpr-settings.ts';
import { PANE_AREAS, PANE_GRID, TOOLBAR_MIN_HEIGHT } from './pane-grid.ts';

/**
 * The MPR view while its engine's chunk loads: the panes laid out as MprPanes, showing the first image
 * of the prefetched volume (early-preview.ts) and the share of slices in. Imports no Cornerstone.
 */
export function MprPreviewPanes({
  volumeUrl,
  levels,
}: {
  volumeUrl: string | null | undefined;
  levels?: Partial<VolumeLevels> | null;
}) {
  const panes = useRef<Partial<Record<PaneId, HTMLDivElement | null>>>({});
  const session = useViewerSession();
  const [percent, setPercent] = useState(0);
  const windowCenter = levels?.windowCenter;
  const windowWidth = levels?.windowWidth;
  useEffect(() => {
    if (!volumeUrl) {
      dismissBootPreview();
      return openFirstImageGate();
    }
    // The page started the download as the load answered; this finds it (or one after a failure).
    return startEarlyPreview(session.openVolume(volumeUrl), panes.current, {
      levels: { windowCenter, windowWidth },
      onProgress: setPercent,
      // This preview (or the engine, when there is none) replaces the start-up script's.
      onSettled: dismissBootPreview,
    });
  }, [session, volumeUrl, windowCenter, windowWidth]);

  return (
    <Box
      data-testid="mpr-preview-panes"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column', bgcolor: '#000' }}
    >
      <Box
        sx={{
          bgcolor: 'background.paper',
          minHeight: TOOLBAR_MIN_HEIGHT,
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: 1,
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 220, maxWidth: 360, flex: 1 }}>
          <LinearProgress variant="determinate" value={percent} sx={{ flex: 1 }} aria-label="Loading the images" />
          <Typography variant="body2">{percent}%</Typography>
        </Box>
      </Box>
      <Box sx={{ flex: 1, minHeight: 0, display: 'grid', gap: '2px', gridTemplate: PANE_GRID }}>
        {PANE_IDS.map((pane) => (
          <Box key={pane} sx={{ gridArea: PANE_AREAS[pane], position: 'relative', minWidth: 0, minHeight: 0 }}>
            <Box
              ref={(element: HTMLDivElement | null) => {
                panes.current[pane] = element;
              }}
              sx={{ position: 'absolute', inset: 0 }}
            />
          </Box>
        ))}
      </Box>
    </Box>
  );
}
