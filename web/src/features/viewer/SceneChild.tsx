import { GEOMETRY_TYPES_IN_3D, type GeometryType, type Landmark } from '@cardiomap/contract';
import { useEffect, useMemo, useRef } from 'react';
import { warmMprViewWhenIdle } from './mpr-child-loader.ts';
import { type SceneLandmark, SceneViewport } from './scene/index.ts';
import { toSceneObjectSpec } from './scene-objects.ts';
import { useViewerSession } from './session/viewer-session-context.ts';
import { useViewerContext } from './viewer-context.ts';

/*
 * The only file that imports the 3D scene's viewport, so its props are matched in one place.
 */

/** Spec §3: only area, closed curve, distance and open curve are drawn in 3D. */
const toSceneLandmarks = (landmarks: Landmark[]): SceneLandmark[] =>
  landmarks
    .filter((landmark) => GEOMETRY_TYPES_IN_3D.includes(landmark.geometryType as GeometryType))
    .map(({ id, geometryType, points, color, isVisible }) => ({ id, geometryType, points, color, isVisible }));

/** Spec §2 `3dsurfaceviewer` ('View result'): the scene's meshes and the 3D landmarks. */
export function SceneChild() {
  const { objects, shownLandmarks, load, currentPhase } = useViewerContext();
  const session = useViewerSession();
  // New arrays on every render would make the engine diff its scene each time.
  const specs = useMemo(() => objects.map(toSceneObjectSpec), [objects]);
  const landmarks = useMemo(() => toSceneLandmarks(shownLandmarks), [shownLandmarks]);
  // Issue 30: the switch to the MPR view finds its chunk run, Cornerstone set up and the volume it
  // opens on (the shown phase's) on its way or in: the MPR engine adopts the session's download. One
  // nobody adopts is dropped after UNCLAIMED_MS (volume-download.ts), as when the user leaves the MPR view.
  const volumeUrl = useRef<string | null | undefined>(undefined);
  volumeUrl.current = (currentPhase?.attributes ?? load.dicom?.attributes)?.readUrl;
  useEffect(
    () =>
      warmMprViewWhenIdle(() => {
        if (volumeUrl.current) session.openVolume(volumeUrl.current);
      }),
    [session],
  );
  return <SceneViewport objects={specs} landmarks={landmarks} />;
}
