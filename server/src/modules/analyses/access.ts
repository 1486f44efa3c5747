import { CaseStatus } from '@cardiomap/contract';
import { PERMISSIONS } from '@cardiomap/domain';
import { seesAnalysesOf } from '../../access/analysis-visibility.ts';
import { findVisibleCase, type VisibleCase } from '../../access/case-access.ts';
import { assertResultsReadable } from '../../access/results-access.ts';
import type { DbOrTx } from '../../db/client.ts';
import { queryOn } from '../../db/query.ts';
import type { Actor } from '../../lib/actor.ts';
import { conflict, notFound } from '../../lib/http-errors.ts';
import { type AnalysisRow, findAnalysis, findStudyCaseId } from './repository.ts';

export { seesAnalysesOf };

export const STUDY_NOT_FOUND = 'No study matches the given id.';
export const ANALYSIS_NOT_FOUND = 'No analysis matches the given id.';
export const CASE_CANCELED = 'This case is canceled: its analyses can no longer change.';
export const PRELIMINARY_ANALYSIS_FIXED =
  "The preliminary model is made by the server: add landmarks, results and figures to an analyst's analysis.";

/** Spec §6: unpublished landmarks are shown only to those who may view unpublished results. */
export const seesUnpublishedLandmarks = (actor: Actor): boolean =>
  actor.permissions.has(PERMISSIONS.viewUnpublishedResults);

/**
 * Analyst work goes to an analyst's analysis: the preliminary model is never delivered, so landmarks or
 * results put there would silently miss the delivery and the report (spec §3 Analysis).
 */
export const assertNotPreliminary = (analysis: Pick<AnalysisRow, 'isPreliminary'>): void => {
  if (analysis.isPreliminary) throw conflict(PRELIMINARY_ANALYSIS_FIXED);
};

export const assertNotCanceled = (found: VisibleCase): void => {
  if (found.status === CaseStatus.CANCELED) throw conflict(CASE_CANCELED);
};

/** The study's case if the actor may see it (else 404 like a missing study) and read its results (else 403). */
export async function findVisibleStudyCase(
  db: DbOrTx,
  actor: Actor,
  studyId: string,
  options: { forUpdate?: boolean } = {},
): Promise<VisibleCase> {
  const caseId = await findStudyCaseId(queryOn(db), studyId);
  if (!caseId) throw notFound(STUDY_NOT_FOUND);
  const found = await findVisibleCase(db, actor, caseId, options).catch(() => {
    throw notFound(STUDY_NOT_FOUND);
  });
  // Everything read through a study here is its analyses' results (Case.accessDenied, §13).
  assertResultsReadable(actor, found);
  return found;
}

/**
 * The analysis and its case when the actor may see both (case tenancy and the undelivered rule), else
 * 404 with `missing` exactly like an analysis that does not exist; 403 `access_denied` when the case is
 * seen but its results are not the actor's to read (Case.accessDenied).
 */
export async function findVisibleAnalysis(
  db: DbOrTx,
  actor: Actor,
  analysisId: string,
  options: { forUpdate?: boolean; missing?: string } = {},
): Promise<{ analysis: AnalysisRow; found: VisibleCase }> {
  const missing = options.missing ?? ANALYSIS_NOT_FOUND;
  const analysis = await findAnalysis(queryOn(db), analysisId, !seesUnpublishedLandmarks(actor));
  if (!analysis) throw notFound(missing);
  const found = await findVisibleCase(db, actor, analysis.caseId, { forUpdate: options.forUpdate }).catch(() => {
    throw notFound(missing);
  });
  assertResultsReadable(actor, found);
  if (!seesAnalysesOf(actor, found)) throw notFound(missing);
  return { analysis, found };
}
