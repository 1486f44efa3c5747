import { ApiError } from '../../api/index.ts';

/** The guard codes the viewer load answers with (spec §2 "Guards"). */
export const VIEWER_GUARD_CODES = { caseCanceled: 'case_canceled', resultsPending: 'results_pending' } as const;

export type ViewerLoadFailure =
  | { kind: 'redirect'; to: '/case-canceled' | '/results-pending' }
  | { kind: 'not-found' }
  | { kind: 'refused'; message: string }
  | { kind: 'retry' };

/**
 * A canceled case goes to case-canceled, a case without viewable results to results-pending; a study
 * of another organisation answers 404 like any hidden resource. Another refusal (e.g. a case whose
 * state has no images to view) is told as the server words it; anything else (network, 5xx) may pass,
 * so the page offers a retry.
 */
export function viewerLoadFailure(error: unknown): ViewerLoadFailure {
  if (!(error instanceof ApiError)) return { kind: 'retry' };
  if (error.code === VIEWER_GUARD_CODES.caseCanceled) return { kind: 'redirect', to: '/case-canceled' };
  if (error.code === VIEWER_GUARD_CODES.resultsPending) return { kind: 'redirect', to: '/results-pending' };
  if (error.status === 404) return { kind: 'not-found' };
  if (error.status === 403) return { kind: 'refused', message: error.message };
  return { kind: 'retry' };
}
