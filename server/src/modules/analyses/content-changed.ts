import type { DbOrTx } from '../../db/client.ts';

/**
 * Told in the transaction of a change to what a report shows of an analysis (a figure added, removed
 * or re-captioned; results changed; an analysis removed), with the case it belongs to. It answers what
 * to run after commit, or null. The app wires the reports module's regeneration here (app.ts), so this
 * module need not import reports, which reads figures and results from it.
 */
export type ContentChanged = (
  tx: DbOrTx,
  change: { caseId: string; requestedById: string },
) => Promise<(() => Promise<void>) | null>;

export const IGNORE_CONTENT_CHANGES: ContentChanged = async () => null;
