import { GeometryType, type Landmark, VIEW_TYPE_COLORS, ViewType } from '@cardiomap/contract';
import { landmarkPlane, type Point3 } from '@cardiomap/domain';
import type { LandmarkDraft } from './landmarks/landmark-edit-controller.ts';
import type { MprLandmark, MprPlaneTarget } from './mpr/index.ts';

/** The draft being placed has no id yet: the panes draw it under this one. */
export const DRAFT_LANDMARK_ID = 'draft';

const isClosed = (geometryType: number) =>
  geometryType === GeometryType.AREA || geometryType === GeometryType.CLOSED_CURVE;

/**
 * What the MPR panes draw: the landmarks shown now (spec §4) and, while placing, the draft's points in
 * its pane's colour — except the landmark whose points the draft is moving, so it is not drawn twice.
 * In edit mode the points of landmarks the user may change (and of the draft) are drag handles.
 */
export function toMprLandmarks(
  shown: readonly Landmark[],
  draft: LandmarkDraft | null,
  editMode = false,
): MprLandmark[] {
  const landmarks: MprLandmark[] = shown
    .filter((landmark) => landmark.id !== draft?.landmarkId)
    .map((landmark) => ({
      id: landmark.id,
      color: landmark.color,
      points: landmark.points,
      closed: isClosed(landmark.geometryType),
      draggable: editMode && landmark.canEdit,
    }));
  if (draft && draft.points.length > 0) {
    landmarks.push({
      id: draft.landmarkId ?? DRAFT_LANDMARK_ID,
      color: VIEW_TYPE_COLORS[draft.viewType],
      points: draft.points,
      closed: isClosed(draft.geometryType),
      draggable: true,
    });
  }
  return landmarks;
}

/** The normal of each pane's own (unrotated) plane, for landmarks that stored no plane and span none. */
const PANE_NORMALS: Record<ViewType, Point3> = {
  [ViewType.SAGITTAL]: [1, 0, 0],
  [ViewType.CORONAL]: [0, 1, 0],
  [ViewType.AXIAL]: [0, 0, 1],
};

const mean = (points: readonly Point3[]): Point3 => {
  const sum = points.reduce<Point3>((s, p) => [s[0] + p[0], s[1] + p[1], s[2] + p[2]], [0, 0, 0]);
  return [sum[0] / points.length, sum[1] / points.length, sum[2] / points.length];
};

/**
 * Where selecting a landmark brings the panes (issue 5 §4): its stored plane, else the plane its points
 * span, else (a point, a distance) its pane's plane through its points. Null for a landmark without points.
 */
export function planeTargetOf(landmark: Landmark): MprPlaneTarget | null {
  if (landmark.points.length === 0) return null;
  const viewType = landmark.viewType as ViewType;
  const plane = landmarkPlane(landmark);
  const fallbackNormal = PANE_NORMALS[viewType] ?? PANE_NORMALS[ViewType.AXIAL];
  return {
    normal: plane?.normal ?? fallbackNormal,
    centroid: plane?.centroid ?? mean(landmark.points),
    resliceCenter: landmark.resliceCenter,
    viewType,
  };
}
