/** Spec §2: the children of `study-viewer/{id}` and `iframe-viewer/{id}`. */
export const VIEWER_CHILDREN = ['3dsurfaceviewer', 'mprviewer', 'detail'] as const;

/** Named routes of spec §2: study ('View result') opens the 3D view, mprviewer ('View dicom') the panes. */
export const viewerPaths = {
  study: (studyId: string) => `/study-viewer/${studyId}/3dsurfaceviewer`,
  mprviewer: (studyId: string) => `/study-viewer/${studyId}/mprviewer`,
  iframe: (studyId: string) => `/iframe-viewer/${studyId}`,
};
