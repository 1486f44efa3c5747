import type { ReactNode } from 'react';
import { ViewerSessionContext } from '../session/viewer-session-context.ts';
import { viewerSession } from '../session/viewer-sessions.ts';
import { STUDY_ID } from './viewer-fixtures.ts';

/**
 * A render wrapper giving the views below it the study's viewer session, as the viewer page does
 * (they lease their engines from it). Close the sessions after each test (closeViewerSessions).
 */
export function viewerSessionWrapper(studyId: string = STUDY_ID) {
  const session = viewerSession(studyId);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ViewerSessionContext value={session}>{children}</ViewerSessionContext>
  );
  return { session, wrapper };
}
