import type { VolumeLevels } from '@cardiomap/domain';
import { Alert, Box } from '@mui/material';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { MprPaneOverlay } from './MprPaneOverlay.tsx';
import { MprToolbar } from './MprToolbar.tsx';
import type { MprCommand, MprEngine } from './mpr-engine.ts';
import { mprErrorMessage } from './mpr-messages.ts';
import { type InterpolationType, PANE_IDS, type PaneId } from './mpr-settings.ts';
import { PANE_AREAS, PANE_GRID, TOOLBAR_MIN_HEIGHT } from './pane-grid.ts';
import { useMprEngine } from './use-mpr-engine.ts';

export interface MprPanesProps {
  /** The volume resource's signed read URL. */
  volumeUrl: string;
  levels?: Partial<VolumeLevels> | null;
  interpolationType?: InterpolationType;
  /** Shows the interpolation switch (spec §6: undelivered, unfinished case plus permission). */
  canSetInterpolation?: boolean;
  onInterpolationChange?(value: InterpolationType): void;
  /** The engine, for landmark display and snapping; null once it is gone. */
  onEngine?(engine: MprEngine | null): void;
  /** Extra toolbar controls (the contour toggle). */
  toolbarExtra?(): ReactNode;
  /** An extra layer over each pane's image (the contour). */
  paneLayer?(pane: PaneId): ReactNode;
}

/** The three MPR panes with their toolbar; fills its parent (the viewer sets height and width). */
export function MprPanes({
  volumeUrl,
  levels,
  interpolationType,
  canSetInterpolation = false,
  onInterpolationChange,
  onEngine,
  toolbarExtra,
  paneLayer,
}: MprPanesProps) {
  const panes = useRef<Partial<Record<PaneId, HTMLDivElement | null>>>({});
  const { engine, snapshot } = useMprEngine(panes, { volumeUrl, levels: levels ?? null, interpolationType });
  const [maximised, setMaximised] = useState<PaneId | null>(null);

  useEffect(() => {
    onEngine?.(engine);
  }, [engine, onEngine]);

  useEffect(() => {
    if (!maximised) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setMaximised(null);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [maximised]);

  const command = useCallback((cmd: MprCommand) => engine?.command(cmd), [engine]);
  const changeInterpolation = (value: InterpolationType) => {
    command({ type: 'interpolation', value });
    onInterpolationChange?.(value);
  };
  const toggle = (pane: PaneId) => setMaximised((current) => (current === pane ? null : pane));

  return (
    <Box data-testid="mpr-panes" sx={{ height: '100%', display: 'flex', flexDirection: 'column', bgcolor: '#000' }}>
      <Box sx={{ bgcolor: 'background.paper', minHeight: TOOLBAR_MIN_HEIGHT }}>
        {snapshot && (
          <MprToolbar
            snapshot={snapshot}
            canSetInterpolation={canSetInterpolation}
            onCommand={command}
            onInterpolationChange={changeInterpolation}
          >
            {toolbarExtra?.()}
          </MprToolbar>
        )}
        {snapshot?.error && (
          <Alert severity="error" data-testid="mpr-error">
            {mprErrorMessage(snapshot.error)}
          </Alert>
        )}
      </Box>
      <Box
        sx={{
          flex: 1,
          minHeight: 0,
          display: 'grid',
          gap: '2px',
          gridTemplate: maximised ? `"${maximised}" 1fr / 1fr` : PANE_GRID,
        }}
      >
        {PANE_IDS.map((pane) => (
          <Box
            key={pane}
            data-testid={`mpr-pane-${pane}`}
            data-mpr-pane={pane}
            onDoubleClick={() => toggle(pane)}
            sx={{
              gridArea: PANE_AREAS[pane],
              position: 'relative',
              minWidth: 0,
              minHeight: 0,
              display: maximised && maximised !== pane ? 'none' : 'block',
            }}
          >
            <Box
              ref={(element: HTMLDivElement | null) => {
                panes.current[pane] = element;
              }}
              onContextMenu={(event) => event.preventDefault()}
              sx={{ position: 'absolute', inset: 0 }}
            />
            {/* Under the read-outs and landmarks: the contour is context, they are what the user works on. */}
            {paneLayer?.(pane)}
            {snapshot && (
              <MprPaneOverlay
                pane={pane}
                readout={snapshot.panes[pane]}
                levels={snapshot.levels}
                pointer={snapshot.pointer}
                landmarks={snapshot.landmarks[pane]}
                maximised={maximised === pane}
                onToggleMaximise={() => toggle(pane)}
              />
            )}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
