import { createContext, useContext, useEffect, useMemo } from 'react';
import type { ViewerSession } from './viewer-session.ts';
import { viewerSession } from './viewer-sessions.ts';

/** The viewer page's session, for the views below it (the MPR panes, the 3D scene and the contour lease from it). */
export const ViewerSessionContext = createContext<ViewerSession | null>(null);

export function useViewerSession(): ViewerSession {
  const session = useContext(ViewerSessionContext);
  if (!session) throw new Error('useViewerSession needs the viewer page around it (ViewerSessionContext)');
  return session;
}

/** The study's session, held while the calling component is mounted and let go after its last unmount. */
export function useHeldViewerSession(studyId: string): ViewerSession {
  const session = useMemo(() => viewerSession(studyId), [studyId]);
  useEffect(() => session.retain(), [session]);
  return session;
}
