import { z } from 'zod';

/** What a surface job is asked: the case's volume is the input; `after` names the ingest it follows. */
export const surfaceParams = z.strictObject({
  /** The ingest job that queued it as a follow-up; absent when it was queued on its own. */
  after: z.uuid().optional(),
});

/** What a completed surface job records on its Job. */
export const surfaceResult = z.strictObject({
  outcome: z.enum([
    /** The preliminary model is in the scene. */
    'ready',
    /** The volume holds no contrast-enhanced blood: no model, any earlier one removed. */
    'no-contrast',
    /** The case was canceled or rejected. */
    'skipped',
    /** The case has no volume yet. */
    'no-volume',
  ]),
});
