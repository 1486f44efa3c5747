/**
 * Query keys of the study viewer, all below the study they belong to. The load answer carries signed
 * URLs (the volume, the meshes): landmark, comment and figure changes invalidate their own keys only,
 * so an edit never reloads the volume.
 */
export const viewerKeys = {
  all: ['viewer'] as const,
  study: (studyId: string) => [...viewerKeys.all, 'study', studyId] as const,
  load: (studyId: string) => [...viewerKeys.study(studyId), 'load'] as const,
  landmarks: (studyId: string) => [...viewerKeys.study(studyId), 'landmarks'] as const,
  comments: (studyId: string) => [...viewerKeys.study(studyId), 'comments'] as const,
  figures: (studyId: string) => [...viewerKeys.study(studyId), 'figures'] as const,
  meshResults: (studyId: string) => [...viewerKeys.study(studyId), 'mesh-results'] as const,
  caseDevices: (studyId: string) => [...viewerKeys.study(studyId), 'case-devices'] as const,
  analysisResources: (studyId: string, analysisId: string) =>
    [...viewerKeys.study(studyId), 'analysis-resources', analysisId] as const,
};
