import { GEOMETRY_TYPES_IN_3D, type GeometryType, type Landmark } from '@cardiomap/contract';
import { useEffect, useMemo, useRef } from 'react';
import { warmMprViewWhenIdle } from './mpr-child-loader.ts';
import { type SceneLandmark, SceneViewport } from './scene/index.ts';
import { toSceneObjectSpec } from './scene-objects.ts';
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
  const geometry = currentPhase?.attributes ?? load.dicom?.attributes ?? null;
  // New arrays on every render would make the engine diff its scene each time.
  const specs = useMemo(() => objects.map(toSceneObjectSpec), [objects]);
  const landmarks = useMemo(() => toSceneLandmarks(shownLandmarks), [shownLandmarks]);
  // Issue 30: the switch to the MPR view finds its chunk run, Cornerstone set up and, for this
  // volume's geometry, its shader compiled (mpr-warm.ts). Once per page: the first geometry counts.
  const warmGeometry = useRef(geometry);
  useEffect(() => warmMprViewWhenIdle(warmGeometry.current), []);
  return <SceneViewport objects={specs} landmarks={landmarks} />;
}
