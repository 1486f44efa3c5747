/**
 * Spec §7: the MPR contour uses the analysis result named Atrium or Aorta. Which one, when a study has
 * several: "Atrium" before "Aorta" (the spec's order; an analysis with both is a left-atrial one, where
 * the atrium is the structure of interest), then a delivered-result analysis before the preliminary
 * model, then the newer analysis, then the newer resource. Names match whole, ignoring case and
 * surrounding spaces ("aorta " is Aorta, "Aortic root" is not). Only scene objects (type 1) are meshes.
 */
export const CONTOUR_RESULT_NAMES = ['atrium', 'aorta'] as const;

const SCENE_OBJECT = 1;

export interface ContourCandidate<R> {
  analysis: { isPreliminary: boolean; dateCreated: string };
  resources: readonly R[];
}

interface ResourceFacts {
  name: string;
  type: number;
  dateCreated: string;
}

export function contourNameRank(name: string): number {
  return (CONTOUR_RESULT_NAMES as readonly string[]).indexOf(name.trim().toLowerCase());
}

export function pickContourResource<R extends ResourceFacts>(candidates: readonly ContourCandidate<R>[]): R | null {
  const ranked = candidates.flatMap(({ analysis, resources }) =>
    resources
      .filter((resource) => resource.type === SCENE_OBJECT && contourNameRank(resource.name) >= 0)
      .map((resource) => ({ resource, analysis })),
  );
  ranked.sort(
    (a, b) =>
      contourNameRank(a.resource.name) - contourNameRank(b.resource.name) ||
      Number(a.analysis.isPreliminary) - Number(b.analysis.isPreliminary) ||
      b.analysis.dateCreated.localeCompare(a.analysis.dateCreated) ||
      b.resource.dateCreated.localeCompare(a.resource.dateCreated),
  );
  return ranked[0]?.resource ?? null;
}
