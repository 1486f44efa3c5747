import type { InterpolationType, Landmark, ViewerLoad } from '@cardiomap/contract';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { useStudyLandmarks } from './api/list-landmarks.ts';
import { usePatchVisualisationObject } from './api/patch-visualisation-object.ts';
import { useSetInterpolation } from './api/set-interpolation.ts';
import { isLandmarkShown } from './landmarks/landmark-display.ts';
import { type LandmarkFocus, nextLandmarkFocus } from './landmarks/landmark-focus.ts';
import { useLandmarkEdit } from './landmarks/use-landmark-edit.ts';
import { useLandmarkVisibility } from './landmarks/use-landmark-visibility.ts';
import { defaultViewerPhase } from './phases/viewer-phases.ts';
import { isLegacyObjectId, type ObjectPatch, sceneObjects } from './scene-objects.ts';
import type { ViewerContext } from './viewer-context.ts';
import { LANDMARK_PARAM } from './viewer-paths.ts';

/** The viewer page's own state over the server data: object edits, landmark visibility and selection. */
export function useViewerState(load: ViewerLoad): ViewerContext {
  const studyId = load.study.id;
  const { hash, search, key: navigation } = useLocation();
  const landmarksQuery = useStudyLandmarks(
    studyId,
    load.analyses.map((analysis) => analysis.id),
    load.landmarks,
  );
  const landmarks = landmarksQuery.data ?? load.landmarks;
  const { controller, state: editState } = useLandmarkEdit(studyId, load.permissions.canCreateLandmarks);
  const { hiddenIds: hiddenLandmarkIds, toggle: toggleLandmarkVisibility } = useLandmarkVisibility(studyId, landmarks);
  // A link to one landmark (`?landmark=<id>`, from the report) opens with it selected and asks the MPR
  // panes to its plane; so does the link followed again in this tab (a new navigation, issue 30 §1).
  const linkedId = new URLSearchParams(search).get(LANDMARK_PARAM);
  const [focus, setFocus] = useState<LandmarkFocus | null>(() =>
    linkedId ? nextLandmarkFocus(null, { kind: 'link', landmarkId: linkedId, navigation }) : null,
  );
  useEffect(() => {
    if (linkedId) setFocus((current) => nextLandmarkFocus(current, { kind: 'link', landmarkId: linkedId, navigation }));
  }, [linkedId, navigation]);
  const [phaseId, setPhaseId] = useState<string | null>(null);
  // A phase the load no longer lists (the study was processed again) falls back to the default.
  const currentPhase = load.phases.find((phase) => phase.id === phaseId) ?? defaultViewerPhase(load);
  const currentPhaseId = currentPhase?.id ?? null;
  useEffect(() => {
    controller.setCurrentPhase(currentPhaseId);
  }, [controller, currentPhaseId]);
  const [patches, setPatches] = useState<Record<string, ObjectPatch>>({});
  const patchObject = usePatchVisualisationObject();
  const interpolation = useSetInterpolation(studyId);
  const canPersistObjects = load.permissions.canChangeVisualisationObjects;
  const { mutate: persistObject } = patchObject;

  // Without the permission a change is the user's own view only (kept until the page is left); so is
  // any change to a legacy result, which is a file of the study, not a stored visualisation object.
  const changeObject = useCallback(
    (id: string, patch: ObjectPatch) => {
      setPatches((current) => ({ ...current, [id]: { ...current[id], ...patch } }));
      if (canPersistObjects && !isLegacyObjectId(id)) persistObject({ id, body: patch });
    },
    [canPersistObjects, persistObject],
  );
  // Every click is a request, the selected landmark's too: a second click brings the panes back to it.
  const selectLandmark = useCallback(
    (landmark: Landmark) =>
      setFocus((current) => nextLandmarkFocus(current, { kind: 'select', landmarkId: landmark.id })),
    [],
  );
  const { studyResourceId } = load.dicom ?? {};
  const { mutate: saveInterpolation } = interpolation;
  const setInterpolation = useCallback(
    (type: InterpolationType) => {
      if (studyResourceId) saveInterpolation({ studyResourceId, type });
    },
    [studyResourceId, saveInterpolation],
  );

  const objects = useMemo(() => sceneObjects(load, patches), [load, patches]);
  const shownLandmarks = useMemo(
    () =>
      landmarks.filter((landmark) =>
        isLandmarkShown(landmark, { editMode: editState.editMode, hiddenIds: hiddenLandmarkIds }),
      ),
    [landmarks, editState.editMode, hiddenLandmarkIds],
  );
  return {
    load,
    objects,
    changeObject,
    landmarks,
    shownLandmarks,
    hiddenLandmarkIds,
    toggleLandmarkVisibility,
    selectedLandmark: landmarks.find((landmark) => landmark.id === focus?.landmarkId) ?? null,
    landmarkFocus: focus,
    selectLandmark,
    edit: controller,
    editState,
    setInterpolation,
    currentPhase,
    selectPhase: setPhaseId,
    debug: hash === '#debug',
  };
}
