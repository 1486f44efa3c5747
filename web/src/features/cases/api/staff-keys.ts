/**
 * Query keys of the study's parts staff read on the case detail: its analyses, its volume and its cardiac phases (the
 * reasons catalogues are in catalogueKeys). Kept apart from case-keys.ts so the staff actions stay
 * in their own files.
 */
export const staffKeys = {
  study: (studyId: string) => ['case-study', studyId] as const,
  analyses: (studyId: string) => [...staffKeys.study(studyId), 'analyses'] as const,
  volume: (studyId: string) => [...staffKeys.study(studyId), 'volume'] as const,
  phases: (studyId: string) => [...staffKeys.study(studyId), 'phases'] as const,
  visualisations: (studyId: string) => [...staffKeys.study(studyId), 'visualisations'] as const,
};
