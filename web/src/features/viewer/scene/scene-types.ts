import type { VisualisationObject } from '@cardiomap/contract';
import type { CArmAngles, CArmPreset } from '@cardiomap/domain';

/** The drawing properties of a scene object (spec §3 Visualisation object). */
export type SceneObjectStyle = Pick<
  VisualisationObject,
  | 'name'
  | 'color'
  | 'opacity'
  | 'maxOpacity'
  | 'isVisible'
  | 'isDoubleSided'
  | 'renderOrder'
  | 'hasDepthTestEnabled'
  | 'hasFlatShadingEnabled'
  | 'isAffectedByLighting'
  | 'objectOrder'
>;

/** One mesh of the scene: where its file is and how to draw it. */
export interface SceneObjectSpec extends SceneObjectStyle {
  id: string;
  /** Signed read URL of the analysis resource; null when missing (logged, never fatal: spec §8). */
  url: string | null;
  /** The resource's file name; its extension tells the format. */
  filename: string;
  mimeType?: string;
}

/** A landmark drawn in 3D (spec §3: area, closed curve, distance and open curve). */
export interface SceneLandmark {
  id: string;
  geometryType: number;
  /** Patient coordinates (LPS, mm). */
  points: ReadonlyArray<readonly [number, number, number]>;
  color: string;
  isVisible: boolean;
}

export type SceneCommand =
  | { type: 'reset' }
  | { type: 'view'; preset: CArmPreset }
  | { type: 'align'; angles: CArmAngles };

export type SceneObjectStatus =
  | { state: 'loading' }
  | { state: 'ready' }
  /** `message` is for the user; the cause goes to the console. */
  | { state: 'error'; message: string };

export interface SceneSnapshot {
  /** Bumped on every change, so readers can tell snapshots apart cheaply. */
  revision: number;
  objects: Readonly<Record<string, SceneObjectStatus>>;
  /** The C-arm angulation the camera currently looks from, in whole degrees. */
  angles: CArmAngles;
  /** Set when the browser cannot draw 3D (no WebGL). */
  renderError: string | null;
}
