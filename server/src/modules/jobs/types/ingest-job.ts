import { z } from 'zod';

/**
 * What an ingest job is asked: nothing for the automatic series choice, or the series staff picked when
 * they process the upload again (its original UID, kept server-side, and the pseudonymised key they saw),
 * and whether they acknowledged that series' gap (who, and the gap as they were shown it).
 * Strict: a parameter this version does not know is refused rather than silently dropped.
 */
export const ingestParams = z.strictObject({
  seriesUid: z.string().min(1).optional(),
  seriesKey: z.string().min(1).optional(),
  acknowledgeGaps: z.literal(true).optional(),
  acknowledgedBy: z.string().min(1).optional(),
  acknowledgedGap: z.string().min(1).optional(),
});

/** What a completed ingest records on its Job: the upload's counts and what a person reads, or a skip. */
export const ingestResult = z.discriminatedUnion('outcome', [
  z.strictObject({
    /** 'ready': the volume is stored; 'invalid': nothing usable was found, `reasons` say why. */
    outcome: z.enum(['ready', 'invalid']),
    filesTotal: z.number().int().nonnegative(),
    filesUsed: z.number().int().nonnegative(),
    filesSetAside: z.number().int().nonnegative(),
    reasons: z.array(z.string()),
    warnings: z.array(z.string()),
  }),
  /** The case was canceled or rejected before the job ran. */
  z.strictObject({ outcome: z.literal('skipped') }),
]);
