/** Spec §3 Analysis types. */
export const AnalysisType = { LEGACY: 0, ANATOMICAL: 1, SIMULATION: 2, REDO_TAVI: 3 } as const;
export type AnalysisType = (typeof AnalysisType)[keyof typeof AnalysisType];
/** The analyses that simulate a device (a legacy simulation and a redo TAVI are simulations too). */
export const SIMULATION_ANALYSIS_TYPES: readonly AnalysisType[] = [
  AnalysisType.LEGACY,
  AnalysisType.SIMULATION,
  AnalysisType.REDO_TAVI,
];

/** Spec §3 Analysis resource types. */
export const AnalysisResourceType = {
  SCENE_OBJECT: 1,
  IMAGE: 2,
  SEGMENTATION_VOLUME: 3,
  SEGMENTATION_INDICES: 4,
} as const;
export type AnalysisResourceType = (typeof AnalysisResourceType)[keyof typeof AnalysisResourceType];

/** Spec §3 Landmark geometry types. */
export const GeometryType = {
  ANGLE: 0,
  AREA: 1,
  CLOSED_CURVE: 2,
  DISTANCE: 3,
  POINT: 4,
  OPEN_CURVE: 5,
  CENTERLINE: 6,
} as const;
export type GeometryType = (typeof GeometryType)[keyof typeof GeometryType];
export const GEOMETRY_TYPE_LABELS: Record<GeometryType, string> = {
  0: 'Angle',
  1: 'Area',
  2: 'Closed curve',
  3: 'Distance',
  4: 'Point',
  5: 'Open curve',
  6: 'Centerline',
};
/** Spec §3: the geometry types also drawn in the 3D scene. */
export const GEOMETRY_TYPES_IN_3D: readonly GeometryType[] = [1, 2, 3, 5];

/** Spec §3 Landmark view types: the MPR pane a landmark is drawn on, and that pane's colour. */
export const ViewType = { SAGITTAL: 4, CORONAL: 5, AXIAL: 6 } as const;
export type ViewType = (typeof ViewType)[keyof typeof ViewType];
export const VIEW_TYPE_COLORS: Record<ViewType, string> = { 4: '#2e9e44', 5: '#f28c28', 6: '#d62828' };
export const VIEW_TYPE_LABELS: Record<ViewType, string> = { 4: 'Sagittal', 5: 'Coronal', 6: 'Axial' };

/** Spec §3 Landmark kinds. */
export const LandmarkKind = { AORTIC_ROOT: 0, FEMORAL: 1 } as const;
export type LandmarkKind = (typeof LandmarkKind)[keyof typeof LandmarkKind];

/** Spec §3 Study resource attribute: 0 nearest neighbour, 1 linear (spec §9 rule picks it at ingest). */
export const InterpolationType = { NEAREST: 0, LINEAR: 1 } as const;
export type InterpolationType = (typeof InterpolationType)[keyof typeof InterpolationType];
