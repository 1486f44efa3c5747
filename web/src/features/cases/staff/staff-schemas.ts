import { REQUIRED } from '@cardiomap/contract';
import { z } from 'zod';

/** Reject (spec §7 PUT cases/{id}/reject/): a reason from rejection-reasons/ and the analyst's comment (the form's text). */
export const rejectSchema = z.object({
  reasonId: z.string().min(1, REQUIRED),
  text: z.string().trim().max(5000, 'Ensure this field has no more than 5000 characters.'),
});

/** Degrade (spec §7 POST degradations/): the remark (the form's text) is what the clinician reads, so it is required. */
export const degradeSchema = z.object({
  reasonId: z.string(),
  text: z.string().trim().min(1, REQUIRED).max(2000, 'Ensure this field has no more than 2000 characters.'),
});
