import { formatCArmAngles } from '@cardiomap/domain';
import { Alert, Box, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { SceneToolbar } from './SceneToolbar.tsx';
import type { SceneLandmark, SceneObjectSpec } from './scene-types.ts';
import { useSceneEngine, useSceneSnapshot } from './use-scene-engine.ts';

interface Props {
  objects: readonly SceneObjectSpec[];
  landmarks: readonly SceneLandmark[];
  /** Called once per failure of an object's file, with the message for the user. */
  onObjectError?(id: string, message: string): void;
}

/**
 * The 3D scene pane: the session's engine's canvas filling the box, the camera toolbar over it (from
 * the engine's first lease on, right after the first render).
 */
export function SceneViewport({ objects, landmarks, onObjectError }: Props) {
  const engine = useSceneEngine();
  const snapshot = useSceneSnapshot(engine);
  const containerRef = useRef<HTMLDivElement>(null);
  const reported = useRef(new Map<string, string>());

  useEffect(() => {
    if (!engine) return;
    engine.attach(containerRef.current!);
    return () => engine.detach();
  }, [engine]);
  useEffect(() => engine?.setObjects(objects), [engine, objects]);
  useEffect(() => engine?.setLandmarks(landmarks), [engine, landmarks]);
  const objectStates = snapshot?.objects;
  useEffect(() => {
    for (const [id, status] of Object.entries(objectStates ?? {})) {
      // A reload (a new file, a fresh signature) may fail again and is then reported again.
      if (status.state !== 'error') reported.current.delete(id);
      if (status.state !== 'error' || reported.current.get(id) === status.message) continue;
      reported.current.set(id, status.message);
      onObjectError?.(id, status.message);
    }
  }, [objectStates, onObjectError]);

  return (
    <Box sx={{ position: 'relative', width: '100%', height: '100%', minHeight: 200, overflow: 'hidden' }}>
      <Box
        ref={containerRef}
        tabIndex={0}
        role="application"
        aria-label="3D scene: drag to rotate, scroll to zoom, R to reset"
        data-testid="scene-canvas"
        sx={{ position: 'absolute', inset: 0, '&:focus-visible': { outline: '2px solid', outlineOffset: -2 } }}
      />
      {engine && snapshot && (
        <>
          <Box sx={{ position: 'absolute', top: 8, left: 8 }}>
            <SceneToolbar angles={snapshot.angles} onCommand={(command) => engine.command(command)} />
          </Box>
          <Typography
            variant="caption"
            aria-label="Camera angle"
            sx={{ position: 'absolute', right: 8, bottom: 8, color: 'common.white', pointerEvents: 'none' }}
          >
            {formatCArmAngles(snapshot.angles)}
          </Typography>
          {snapshot.renderError && (
            <Alert severity="warning" sx={{ position: 'absolute', left: 8, right: 8, bottom: 40 }}>
              {snapshot.renderError}
            </Alert>
          )}
        </>
      )}
    </Box>
  );
}
