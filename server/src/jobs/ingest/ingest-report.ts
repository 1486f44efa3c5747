import { createUidMapper } from '../../imaging/dicom/deidentify.ts';
import type { IngestResult, SeriesCandidate } from '../../imaging/ingest/ingest-zip.ts';
import { describeGap } from '../../imaging/volume/slice-gaps.ts';
import type { JobResult } from '../../modules/jobs/index.ts';
import type { StoredSeries } from '../../modules/uploads/index.ts';

/**
 * The series an upload held, as stored with it: keyed by the pseudonymised series UID (what staff and
 * the report show), with the original UID kept inside for a re-run with another series.
 */
export function describeSeries(result: IngestResult, deidSecret: string) {
  const mapUid = createUidMapper(deidSecret);
  // One series UID can hold several stacks (parts); the key tells them apart without the original UID.
  const keyOf = (c: SeriesCandidate) => `${mapUid(c.seriesInstanceUid)}${c.part > 1 ? `.p${c.part}` : ''}`;
  const chosen = result.outcome === 'ready' ? result.chosenSeries : undefined;
  const stored: StoredSeries[] = result.candidates.map((c: SeriesCandidate) => ({
    key: keyOf(c),
    uid: c.seriesInstanceUid,
    description: c.description,
    sliceCount: c.sliceCount,
    rows: c.rows,
    columns: c.columns,
    spacing: c.spacing ?? null,
    orientation: c.orientation,
    isContrastEnhanced: c.isContrastEnhanced === true,
    isChosen: chosen !== undefined && c.seriesInstanceUid === chosen.seriesInstanceUid && c.part === chosen.part,
    note: c.note ?? null,
    gap: c.gap ? describeGap(c.gap) : null,
  }));
  const keys = new Map(stored.map((s) => [s.uid, s.key]));
  return {
    stored,
    /** The chosen series' study UID as the pseudonymised DICOM carries it. */
    studyUid: chosen ? mapUid(chosen.studyInstanceUid) : null,
    keyOf: (uid: string | undefined) => (uid === undefined ? undefined : (keys.get(uid) ?? mapUid(uid))),
  };
}

/** The Job's summary: counts, outcome, and the reasons and warnings a person reads. */
export function summarise(result: IngestResult): JobResult<'ingest'> {
  const used = result.files.filter((f) => f.outcome === 'used').length;
  const setAside = result.files.filter((f) => f.outcome === 'set-aside').length;
  return {
    filesTotal: result.files.length,
    filesUsed: used,
    filesSetAside: setAside,
    outcome: result.outcome,
    reasons: result.outcome === 'invalid' ? result.reasons : [],
    warnings: result.outcome === 'ready' ? result.warnings : [],
  };
}
