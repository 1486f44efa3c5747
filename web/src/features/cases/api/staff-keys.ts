/**
 * Query keys of the study's parts staff read on the case detail: its analyses and its volume (the
 * reasons catalogues are in catalogueKeys). Kept apart from case-keys.ts so the staff actions stay
 * in their own files.
 */
export const staffKeys = {
  study: (studyId: string) => ['case-study', studyId] as const,
  analyses: (studyId: string) => [...staffKeys.study(studyId), 'analyses'] as const,
  volume: (studyId: string) => [...staffKeys.study(studyId), 'volume'] as const,
};
