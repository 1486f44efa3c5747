import type { InterpolationType, Landmark, ViewerLoad, ViewerPhase } from '@cardiomap/contract';
import { useOutletContext } from 'react-router';
import type { LandmarkEditController, LandmarkEditState } from './landmarks/landmark-edit-controller.ts';
import type { LandmarkFocus } from './landmarks/landmark-focus.ts';
import type { ObjectPatch, SceneObject } from './scene-objects.ts';

/** What the viewer page hands its children (3D, MPR, detail) and its sidebar. */
export interface ViewerContext {
  load: ViewerLoad;
  /** The scene objects with the user's changes applied. */
  objects: SceneObject[];
  changeObject(id: string, patch: ObjectPatch): void;
  landmarks: Landmark[];
  /** The landmarks the engines draw now (spec §4: published only outside edit mode; not hidden). */
  shownLandmarks: Landmark[];
  hiddenLandmarkIds: ReadonlySet<string>;
  /** Saved (PATCH isVisible) for a landmark the user may change; the user's own view for the others. */
  toggleLandmarkVisibility(id: string): void;
  selectedLandmark: Landmark | null;
  /** The latest request to bring the panes to a landmark (a link or a click); its serial changes each time. */
  landmarkFocus: LandmarkFocus | null;
  /** Selects the landmark and asks the panes to its plane, also when it is selected already. */
  selectLandmark(landmark: Landmark): void;
  edit: LandmarkEditController;
  editState: LandmarkEditState;
  setInterpolation(type: InterpolationType): void;
  /** Issue 28: the cardiac phase the MPR panes show (null before ingest) and how to choose another. */
  currentPhase: ViewerPhase | null;
  selectPhase(phaseId: string): void;
  debug: boolean;
}

export const useViewerContext = () => useOutletContext<ViewerContext>();
