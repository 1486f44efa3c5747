/** Spec §2: the children of `study-viewer/{id}` and `iframe-viewer/{id}`. */
export const VIEWER_CHILDREN = ['3dsurfaceviewer', 'mprviewer', 'detail'] as const;

/** Named routes of spec §2: study ('View result') opens the 3D view, mprviewer ('View dicom') the panes. */
export const viewerPaths = {
  study: (studyId: string) => `/study-viewer/${studyId}/3dsurfaceviewer`,
  mprviewer: (studyId: string) => `/study-viewer/${studyId}/mprviewer`,
  iframe: (studyId: string) => `/iframe-viewer/${studyId}`,
};

export interface ViewerLink {
  studyId: string;
  /** The child view named in the path (`mprviewer`, …), if any. */
  child: string | undefined;
  embedded: boolean;
}

const STUDY_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const VIEWER_LINK = /^\/(study-viewer|iframe-viewer)\/([^/]+)(?:\/([^/]*))?\/?$/i;

/**
 * The study id a viewer path's `{id}` segment names, or null when it is no study id (a path that can
 * name no study is not found without asking the server). The one place a viewer URL's study is read:
 * the start-up script, the deep-link prefetch and the page all come through here.
 */
export function parseStudyId(segment: string): string | null {
  return STUDY_ID.test(segment) ? segment : null;
}

/** The study and view a viewer URL's path names, or null for any other path (or one that names no study). */
export function parseViewerLink(pathname: string): ViewerLink | null {
  const match = VIEWER_LINK.exec(pathname);
  const studyId = match && parseStudyId(match[2] as string);
  if (!match || !studyId) return null;
  return { studyId, child: match[3] || undefined, embedded: match[1] === 'iframe-viewer' };
}

/** The query parameter of a link to one landmark (the report's numbers): `?landmark=<id>`. */
export const LANDMARK_PARAM = 'landmark';
