import { z } from 'zod';

/** What a report job is asked: the study whose delivered analysis it reports, and why it runs. */
export const reportParams = z.strictObject({
  studyId: z.uuid(),
  withSimulations: z.boolean().default(true),
  /**
   * A person asked for it, a delivery changed (deliver, undeliver, obsolete), or a figure or result of
   * a delivered analysis changed.
   */
  reason: z.enum(['requested', 'delivery-changed', 'analysis-changed']),
});

/** What a completed report job records on its Job. */
export const reportResult = z.strictObject({
  outcome: z.enum([
    /** New PDFs of the analysis version, one per level of patient detail. */
    'generated',
    /** The reports of this analysis version exist already: nothing was made. */
    'unchanged',
    /** Nothing is delivered (any more): the earlier versions stay, nothing new is made. */
    'nothing-delivered',
  ]),
  analysisVersion: z.number().int().optional(),
});
