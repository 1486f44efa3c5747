import type { Analysis, AnalysisResource } from '@cardiomap/contract';
import { pickContourResource } from '@cardiomap/domain';
import { useQueries } from '@tanstack/react-query';
import { analysisResourcesQueryOptions } from '../api/list-analysis-resources.ts';

export type ContourSourceState =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'none' }
  | { status: 'found'; resource: AnalysisResource };

/**
 * The study's Atrium or Aorta result (spec §7: analysis-resources by analysis_id), listed only for a
 * user who may see the contour; the domain rule picks among several.
 */
export function useContourSource(studyId: string, analyses: readonly Analysis[], enabled: boolean): ContourSourceState {
  return useQueries({
    queries: analyses.map((analysis) => ({ ...analysisResourcesQueryOptions(studyId, analysis.id), enabled })),
    combine: (results): ContourSourceState => {
      if (results.some((result) => result.isError)) return { status: 'failed' };
      if (results.some((result) => result.isPending)) return { status: 'loading' };
      const resource = pickContourResource(
        analyses.map((analysis, i) => ({ analysis, resources: results[i]?.data ?? [] })),
      );
      return resource ? { status: 'found', resource } : { status: 'none' };
    },
  });
}
