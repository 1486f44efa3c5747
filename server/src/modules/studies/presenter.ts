import { type CardiacPhase, type Study, type StudyResource, StudyResourceType } from '@cardiomap/contract';
import { iso } from '../../db/query.ts';
import type { ObjectStorage, ReadAccess } from '../../storage/object-storage.ts';
import type { StudyPhaseRow, StudyResourceRow, StudyRow } from './repository.ts';

/** Signed read links live this long (or less, READ_URL_SECONDS): enough to start a download, not to be shared. */
export const READ_URL_SECONDS = 10 * 60;

/** What a volume stored before phases were told apart is called: the study's only phase. */
export const SINGLE_PHASE_LABEL = 'Single phase';

/**
 * Issue 28: a volume as a cardiac phase. Exactly one is the default: the flagged one, else (never
 * expected, the index allows at most one) the first, so a reader always has a phase to open.
 */
export function presentPhases(rows: readonly StudyPhaseRow[]): CardiacPhase[] {
  const defaultId = (rows.find((r) => r.isDefault) ?? rows[0])?.id;
  return rows.map(
    (r): CardiacPhase => ({
      id: r.id,
      label: r.label ?? SINGLE_PHASE_LABEL,
      percent: r.percent,
      triggerTimeMs: r.triggerTimeMs,
      sliceCount: typeof r.sliceCount === 'number' && Number.isFinite(r.sliceCount) ? Math.round(r.sliceCount) : 0,
      isDefault: r.id === defaultId,
    }),
  );
}

export function presentStudy(row: StudyRow): Study {
  const phases = presentPhases(row.phases);
  // The newest report that arrived: one still being uploaded (no size yet) cannot be downloaded. A
  // generated report with patient details is never named here (study-report/ serves it to who may see it).
  const pdfReportId =
    row.resources.findLast((r) => r.type === StudyResourceType.PDF_REPORT && r.size !== null && !r.identified)?.id ??
    null;
  return {
    id: row.id,
    caseId: row.caseId,
    caseIdentifier: row.caseIdentifier,
    // The default phase's volume: what a client unaware of phases opens.
    dicomVolumeId: phases.find((p) => p.isDefault)?.id ?? null,
    pdfReportId,
    hasPdfReport: pdfReportId !== null,
    analysisIds: row.analysisIds,
    resourceIds: row.resources.filter((r) => !r.identified).map((r) => r.id),
    visualisationIds: row.visualisationIds,
    dateCreated: iso(row.dateCreated) ?? '',
    phases,
    legacyConfigId: row.resources.findLast((r) => r.legacyConfig)?.id ?? null,
  };
}

/** `access`: the sign-in and case the read link is bound to (it stops serving when that access ends). */
export async function presentStudyResource(
  storage: ObjectStorage,
  row: StudyResourceRow,
  access: ReadAccess,
): Promise<StudyResource> {
  return {
    id: row.id,
    studyId: row.studyId,
    name: row.name,
    filename: row.filename,
    type: row.type,
    metadata: { mimeType: row.mimeType },
    size: row.size === null ? null : Number(row.size),
    attributes: row.attributes,
    sourceVersion: row.sourceVersion,
    sourceClient: row.sourceClient,
    dateCreated: iso(row.dateCreated) ?? '',
    // A report not uploaded yet has nothing to read.
    readUrl:
      row.size === null
        ? null
        : await storage.signedGetUrl(row.storageKey, {
            expiresInSeconds: READ_URL_SECONDS,
            filename: row.filename,
            contentType: row.mimeType,
            access,
          }),
  };
}
