import { createViewerSession, type ViewerSession } from './viewer-session.ts';

/**
 * The open viewer sessions, one per study: the start-up script, the deep-link prefetch, the viewer
 * query and the page find the same session by study id, so the answer and the download it holds are
 * handed over rather than asked for again. A session leaves when it is disposed.
 */
const sessions = new Map<string, ViewerSession>();

/** The study's session, opened if none is. */
export function viewerSession(studyId: string): ViewerSession {
  let session = sessions.get(studyId);
  if (!session) {
    const created = createViewerSession(studyId, () => {
      if (sessions.get(studyId) === created) sessions.delete(studyId);
    });
    sessions.set(studyId, created);
    session = created;
  }
  return session;
}

/** Disposes every session (stopping their downloads), as on a fresh page: tests, and the app's in-place reload. */
export function closeViewerSessions(): void {
  for (const session of [...sessions.values()]) session.dispose();
  sessions.clear();
}
