/**
 * Which landmark the viewer is brought to, and each time it is asked to go there (issue 30 §1).
 * The selection alone cannot say that: a second click on the selected landmark, or a report link
 * followed again in an open tab, selects the same id, yet the user asks to be taken back to it.
 * So every request has its own `serial`, and the panes snap once per serial.
 */
export interface LandmarkFocus {
  landmarkId: string;
  /** Grows with every request; the panes snap when it changes. */
  serial: number;
  /** The last navigation (router location key) whose `?landmark=` link was taken; kept across clicks. */
  navigation: string | null;
}

export type FocusRequest =
  /** A `?landmark=<id>` link: on opening the page, or a navigation in the open tab. */
  | { kind: 'link'; landmarkId: string; navigation: string }
  /** A click on a landmark in the list, the selected one included. */
  | { kind: 'select'; landmarkId: string };

/**
 * The focus after a request. A link is one request per navigation: the same location seen again (a
 * re-render, StrictMode's second effect, after clicks in the list) asks nothing new, while following
 * the link again is a new navigation.
 */
export function nextLandmarkFocus(current: LandmarkFocus | null, request: FocusRequest): LandmarkFocus {
  if (request.kind === 'link' && current?.navigation === request.navigation) return current;
  return {
    landmarkId: request.landmarkId,
    serial: (current?.serial ?? 0) + 1,
    navigation: request.kind === 'link' ? request.navigation : (current?.navigation ?? null),
  };
}
