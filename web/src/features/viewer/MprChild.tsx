import type { InterpolationType } from '@cardiomap/contract';
import { Alert, Box, Typography } from '@mui/material';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useMprContour } from './contour/use-mpr-contour.tsx';
import { attachPointDragger, PointDragController } from './landmarks/point-dragger.ts';
import { attachPointPlacer } from './landmarks/point-placer.ts';
import { type MprEngine, MprPanes } from './mpr/index.ts';
import { warmMprRendering } from './mpr/mpr-warm.ts';
import { planeTargetOf, toMprLandmarks } from './mpr-landmarks.ts';
import { useViewerContext } from './viewer-context.ts';
import { MISSING_FILE } from './viewer-messages.ts';

/**
 * Issue 30: ahead of the MPR view, from the 3D view (mpr-child-loader.ts): Cornerstone's global set-up
 * and a rendering engine with its volume shaders compiled, for the panes to take.
 */
export const warmMprEngine = warmMprRendering;

/**
 * Spec §2 `mprviewer` ('View dicom'): the three MPR panes on the study's volume, with landmark points
 * placed by clicking in the draft's pane and, in edit mode, moved by dragging their handles. The only
 * file that imports the MPR engine's component, so its props are matched in one place.
 */
export function MprChild() {
  const {
    load,
    setInterpolation,
    edit,
    editState,
    debug,
    shownLandmarks,
    selectedLandmark,
    landmarkFocus,
    currentPhase,
  } = useViewerContext();
  const [engine, setEngine] = useState<MprEngine | null>(null);
  const container = useRef<HTMLDivElement>(null);
  const contour = useMprContour(engine, load);
  const shown = useRef(shownLandmarks);
  shown.current = shownLandmarks;
  useEffect(() => {
    if (!engine || !container.current) return;
    return attachPointPlacer(container.current, engine, edit);
  }, [engine, edit]);
  useEffect(() => {
    if (!engine || !container.current) return;
    const dragger = new PointDragController(edit, {
      shapes: (pane) => engine.getSnapshot().landmarks[pane],
      landmark: (id) => shown.current.find((landmark) => landmark.id === id),
    });
    return attachPointDragger(container.current, engine, dragger);
  }, [engine, edit]);
  useEffect(() => {
    engine?.setLandmarks(toMprLandmarks(shownLandmarks, editState.draft, editState.editMode));
  }, [engine, shownLandmarks, editState.draft, editState.editMode]);
  // Each request to a landmark (a link, a click; issue 5 §4, issue 30 §1) brings the panes to its plane
  // once: not again when the landmark list is refetched, which would undo the user's scrolling. An
  // engine that does not show the volume yet keeps the plane until it does.
  const snapped = useRef<{ engine: MprEngine; serial: number } | null>(null);
  useEffect(() => {
    if (!engine || !landmarkFocus || selectedLandmark?.id !== landmarkFocus.landmarkId) return;
    if (snapped.current?.engine === engine && snapped.current.serial === landmarkFocus.serial) return;
    const target = planeTargetOf(selectedLandmark);
    if (!target) return;
    snapped.current = { engine, serial: landmarkFocus.serial };
    engine.snapToPlane(target);
  }, [engine, landmarkFocus, selectedLandmark]);

  // Issue 28: the panes show the chosen cardiac phase's volume (the default's is load.dicom's).
  const attributes = currentPhase?.attributes ?? load.dicom?.attributes;
  if (!attributes?.readUrl)
    return (
      <Box sx={{ p: 2 }}>
        <Alert severity="error">{MISSING_FILE}</Alert>
      </Box>
    );
  return (
    <Box ref={container} sx={{ height: '100%', position: 'relative' }}>
      <MprPanes
        volumeUrl={attributes.readUrl}
        levels={attributes.levels}
        interpolationType={attributes.interpolationType as InterpolationType}
        canSetInterpolation={load.permissions.canSetInterpolation}
        onInterpolationChange={setInterpolation}
        onEngine={setEngine}
        toolbarExtra={contour?.toolbar}
        paneLayer={contour?.paneLayer}
      />
      {debug && engine && <MprDebugReadout engine={engine} />}
    </Box>
  );
}

/** '#debug': the engine's state and the patient point under the mouse. */
function MprDebugReadout({ engine }: { engine: MprEngine }) {
  const snapshot = useSyncExternalStore(engine.subscribe, engine.getSnapshot);
  const { status, progress, pointer, firstFrameMs, completeMs } = snapshot;
  return (
    <Typography
      component="pre"
      aria-label="MPR debug"
      sx={{ position: 'absolute', right: 8, bottom: 8, m: 0, p: 1, fontSize: 11, bgcolor: 'rgba(255,255,255,0.85)' }}
    >
      {JSON.stringify({ status, progress, pointer, firstFrameMs, completeMs })}
    </Typography>
  );
}
