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
    /** No contrast-filled left heart was found (a non-contrast or non-cardiac scan): no model, any earlier one removed. */
    'no-contrast',
    /** The case was canceled or rejected. */
    'skipped',
    /** The case has no volume yet. */
    'no-volume',
  ]),
  /** What the automatic anatomy could not find or found doubtful, in words (issue 31 §1). */
  warnings: z.array(z.string().max(500)).max(50).optional(),
});
