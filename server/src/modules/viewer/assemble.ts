import {
  type Analysis,
  GEOMETRY_TYPES_IN_3D,
  type GeometryType,
  type Landmark,
  type LandmarkType,
  type ViewerConfig,
  type Visualisation,
  type VisualisationObject,
} from '@cardiomap/contract';
import { shownResultsOf } from '@cardiomap/domain';

/** Spec §8: what a non-clinical order says when the analyst left no remark. */
export const NON_CLINICAL_DEFAULT =
  'The results of this case cannot be used for clinical purposes because the organization only has a non-clinical device license for this device.';

export type ResolvedObject = VisualisationObject & {
  readUrl: string | null;
  filename: string | null;
  isPreliminary: boolean;
};

/**
 * Issue 30 §3: the preliminary model (the surface job's automatic mesh) is a staff aid, never a result:
 * whoever may not view undelivered analyses gets neither its visualisation nor any object drawn from it,
 * so it can be neither shown nor switched on. Staff keep it, marked, to see and hide it.
 */
export function withoutStaffOnly<
  V extends { id: string; isPreliminary: boolean },
  O extends { visualisationId: string; isPreliminary: boolean },
>(scene: { visualisations: V[]; objects: O[] }, seesPreliminary: boolean): { visualisations: V[]; objects: O[] } {
  if (seesPreliminary) return scene;
  const visualisations = scene.visualisations.filter((v) => !v.isPreliminary);
  const kept = new Set(visualisations.map((v) => v.id));
  return { visualisations, objects: scene.objects.filter((o) => !o.isPreliminary && kept.has(o.visualisationId)) };
}

/** The 3D scene as the viewer draws it: visualisations with their objects and the landmarks drawn with each. */
export function assembleConfig(input: {
  visualisations: (Visualisation & { analysisType: number | null; isPreliminary: boolean })[];
  objects: (ResolvedObject & { analysisId: string | null })[];
  landmarks: Landmark[];
  landmarkTypes: LandmarkType[];
  stored: { options: ViewerConfig['options']; comments: ViewerConfig['comments'] } | null;
  metadata: ViewerConfig['metadata'];
}): ViewerConfig {
  // An object shows the 3D-drawable landmarks of the analysis its mesh came from.
  const landmarksOfAnalysis = (analysisId: string | null) =>
    input.landmarks
      .filter((l) => l.analysisId === analysisId && GEOMETRY_TYPES_IN_3D.includes(l.geometryType as GeometryType))
      .map((l) => l.id);
  return {
    // One scene of every visualisation: CardioMap stores no separate scene files.
    scenes: [{ name: 'Scene', file: { readUrl: null }, visualisationIds: input.visualisations.map((v) => v.id) }],
    visualisations: input.visualisations.map((v) => ({
      id: v.id,
      analysisType: v.analysisType,
      name: v.name,
      opacity: v.opacity,
      objects: input.objects
        .filter((o) => o.visualisationId === v.id)
        .map(({ analysisId, ...o }) => ({ ...o, landmarks: analysisId ? landmarksOfAnalysis(analysisId) : [] })),
    })),
    options: input.stored?.options ?? {},
    comments: input.stored?.comments ?? [],
    // The load's own warnings carry everything the viewer should show; a config stores none.
    warnings: [],
    metadata: input.metadata,
    landmarkTypeConfigs: input.landmarkTypes.map((t) => ({ landmarkTypeId: t.id, color: t.color, order: t.order })),
  };
}

/** Spec §8 remarks of non-clinical orders, then what ingest noticed about the images (e.g. uneven spacing). */
export function viewerWarnings(orders: { isClinical: boolean; remark: string | null }[], imageWarnings: string[]) {
  const nonClinical = orders
    .filter((o) => !o.isClinical)
    .map((o) => `Non-clinical: ${o.remark || NON_CLINICAL_DEFAULT}`);
  return [...new Set([...nonClinical, ...imageWarnings])];
}

/**
 * The Details tab: every analysis's named results, tagged with the analysis; the preliminary model's only
 * while they can help (shownResultsOf of packages/domain).
 */
export const analysisResults = (analyses: Analysis[], facts: { hasDeliveredOrder: boolean }) =>
  analyses.flatMap((a) => shownResultsOf(a, facts).map((result) => ({ analysisId: a.id, ...result })));
