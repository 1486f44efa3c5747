import { chooseDefaultPhase, type VolumeHeader } from '@cardiomap/domain';
import { createUidMapper } from '../dicom/deidentify.ts';
import type { FileReport } from '../types.ts';
import type { VolumeGeometry } from '../volume/geometry.ts';
import {
  chooseSeries,
  compareCandidates,
  groupSeries,
  type SeriesCandidate,
  type SeriesGroup,
  type SeriesPhase,
} from '../volume/series.ts';
import { describeGap, gapReason } from '../volume/slice-gaps.ts';
import { thickSliceWarning } from '../volume/slice-thickness.ts';
import { openZip } from '../zip/read-zip.ts';
import type { ZipLimits } from '../zip/zip-limits.ts';
import { ZipRefused } from '../zip/zip-refused.ts';
import { type AssembledVolume, assembleSeries, SeriesFileFailed } from './assemble-series.ts';
import { summariseSetAside } from './invalid-summary.ts';
import {
  describePhases,
  duplicateWarnings,
  geometryWarnings,
  mixedPhasesReason,
  phaseWarnings,
} from './phase-words.ts';
import { checkSamePositions } from './same-position-check.ts';
import { type ScannedFile, scanArchive } from './scan-archive.ts';

export type { VolumeHeader } from '@cardiomap/domain';
export type { FileReport } from '../types.ts';
export type { SeriesCandidate } from '../volume/series.ts';

export interface IngestOptions {
  zipPath: string;
  /** The job's own temporary folder; nothing is written elsewhere. */
  workDir: string;
  /** Replaces the patient's name and ID (the case identifier). */
  pseudonym: string;
  /** The case's key for remapping UIDs: the same UID always maps to the same new UID within a case. */
  uidSecret: string;
  /** Staff's choice of series (original SeriesInstanceUID), instead of the documented rule. */
  seriesInstanceUid?: string;
  /**
   * Staff acknowledged that the series has a gap above the limit (slice-gaps.ts) and want it processed
   * all the same; without it such a series makes the upload invalid input.
   */
  acknowledgeGaps?: boolean;
  /** The case's intervention code ('TAVI', 'LAAO', 'TMVR', 'TPVR', 'TTVR' …; null/undefined: none known), for the default phase rule. */
  intervention?: string | null;
  limits?: Partial<ZipLimits>;
  /** zlib level of the volume's slices; unset, the volume writer's default (1). */
  volumeDeflateLevel?: number;
  log?: (line: string) => void;
  signal?: AbortSignal;
}

/** One cardiac phase of the chosen acquisition, its own volume (issue 28); a series not gated is one phase. */
export interface IngestedPhase {
  /** 0-based position in `phases`. */
  index: number;
  /** '40 %', else '350 ms', else 'Phase 3'; 'Single phase' when not gated. */
  label: string;
  /** Nominal percentage of the R-R interval, when known. */
  percent: number | null;
  /** Trigger time / nominal cardiac trigger delay, when known. */
  triggerTimeMs: number | null;
  /** The phase's .cmvol in workDir. */
  volumePath: string;
  volume: VolumeHeader;
  sliceCount: number;
  isDefault: boolean;
}

export type IngestResult =
  | {
      outcome: 'ready';
      deidentifiedZipPath: string;
      /** The default phase's volume (so callers that know one volume still work). */
      volumePath: string;
      volume: VolumeHeader;
      /** In cardiac order (percent, else trigger time, else temporal index); exactly one isDefault; one when not gated. */
      phases: IngestedPhase[];
      /** Why the default phase was chosen, for the job log. */
      defaultPhaseReason: string;
      /** Files in the de-identified zip (its `sliceCount`). */
      deidentifiedFileCount: number;
      chosenSeries: SeriesCandidate;
      candidates: SeriesCandidate[];
      files: FileReport[];
      warnings: string[];
    }
  | { outcome: 'invalid'; reasons: string[]; candidates: SeriesCandidate[]; files: FileReport[] };

/** A file of the chosen series failing to decode is dropped and the series assembled again, this often. */
const MAX_ASSEMBLY_ATTEMPTS = 5;

/**
 * The ingest pipeline, without a database: zip → per-file report → series choice → de-identified DICOM
 * zip + volume file in `workDir`. Throws only on unrecoverable faults (I/O, abort); anything wrong with
 * the upload itself is an 'invalid' outcome with reasons a clinician can read.
 */
export async function ingestZip(o: IngestOptions): Promise<IngestResult> {
  const log = o.log ?? (() => undefined);
  try {
    const archive = await openZip(o.zipPath, o.limits);
    log(`The zip holds ${archive.entries.length} file(s) (${archive.skipped} folder or system entries skipped).`);
    const started = Date.now();
    const files = await scanArchive(archive.entries, o.signal);
    const usable = files.flatMap((f, file) => (f.instance ? [{ file, instance: f.instance }] : []));
    log(`Read ${files.length} header(s) in ${Date.now() - started} ms: ${usable.length} CT image(s).`);
    return await assemble(o, files, log);
  } catch (error) {
    if (error instanceof ZipRefused) return refused(error, log);
    throw error;
  }
}

async function assemble(o: IngestOptions, files: ScannedFile[], log: (line: string) => void): Promise<IngestResult> {
  const mapUid = createUidMapper(o.uidSecret);
  for (let attempt = 1; ; attempt++) {
    const usable = files.flatMap((f, file) => (f.instance ? [{ file, instance: f.instance }] : []));
    const groups = groupSeries(usable);
    const candidates = groups.map((g) => g.candidate).sort(compareCandidates);
    const invalid = (reason: string): IngestResult => {
      log(`Invalid input: ${reason}`);
      return { outcome: 'invalid', reasons: [reason], candidates, files: files.map((f) => f.report) };
    };
    const choice = chooseSeries(groups, o.seriesInstanceUid);
    if (!choice.ok) return invalid(usable.length === 0 ? summariseSetAside(files.map((f) => f.report)) : choice.reason);
    const group = choice.group as SeriesGroup & { geometry: VolumeGeometry; phases: SeriesPhase[] };
    log(describeChoice(group, candidates.length, o.seriesInstanceUid !== undefined, mapUid));
    for (const line of describePhases(group)) log(line);
    const gap = group.candidate.gap;
    if (gap && !o.acknowledgeGaps) return invalid(gapReason(gap));
    if (gap) log(`Staff acknowledged ${describeGap(gap)}: processing it all the same.`);
    const same = await checkSamePositions(group.phases, files, o.signal);
    if (!same.ok) return invalid(mixedPhasesReason(group, same.first, files));
    if (same.compared > 0) log(`${same.compared} image(s) repeating a position compared by pixel content: copies.`);
    const defaultPhase = chooseDefaultPhase(o.intervention, group.phases, { rrIntervalMs: group.rrIntervalMs });
    if (group.phases.length > 1) {
      log(`Default phase: ${group.phases[defaultPhase.index]?.label} (${defaultPhase.reason}).`);
    }
    const started = Date.now();
    try {
      const assembled = await assembleSeries({
        group,
        files,
        workDir: o.workDir,
        pseudonym: o.pseudonym,
        uidSecret: o.uidSecret,
        mapUid,
        volumeDeflateLevel: o.volumeDeflateLevel,
        signal: o.signal,
        log,
      });
      const seconds = (Date.now() - started) / 1000;
      const first = assembled.volumes[0] as AssembledVolume;
      const many = assembled.volumes.length > 1 ? `${assembled.volumes.length} volumes` : 'Volume';
      log(`${many} ${first.volume.dimensions.join('×')} assembled in ${seconds.toFixed(1)} s.`);
      const phases: IngestedPhase[] = group.phases.map((p, index) => {
        const v = assembled.volumes[index] as AssembledVolume;
        return {
          index,
          label: p.label,
          percent: p.percent,
          triggerTimeMs: p.triggerTimeMs,
          volumePath: v.volumePath,
          volume: v.volume,
          sliceCount: v.volume.dimensions[2],
          isDefault: index === defaultPhase.index,
        };
      });
      const chosen = phases[defaultPhase.index] as IngestedPhase;
      const thick = thickSliceWarning(group.candidate);
      const warnings = [
        ...(gap ? [`Processed despite ${describeGap(gap)}, as staff acknowledged`] : []),
        ...(thick ? [thick] : []),
        ...phaseWarnings(group, chosen, defaultPhase.reason),
        ...duplicateWarnings(group, files),
        ...geometryWarnings(group),
        ...(group.candidate.note ? [group.candidate.note] : []),
      ];
      for (const w of warnings) log(`Warning: ${w}.`);
      return {
        outcome: 'ready',
        deidentifiedZipPath: assembled.deidentifiedZipPath,
        volumePath: chosen.volumePath,
        volume: chosen.volume,
        phases,
        defaultPhaseReason: defaultPhase.reason,
        deidentifiedFileCount: assembled.deidentifiedFileCount,
        chosenSeries: group.candidate,
        candidates,
        files: finalReports(files, group, assembled.usedFiles, mapUid),
        warnings,
      };
    } catch (error) {
      if (!(error instanceof SeriesFileFailed) || attempt >= MAX_ASSEMBLY_ATTEMPTS) throw error;
      const failed = files[error.file] as ScannedFile;
      log(`Set aside ${failed.entry.path}: ${error.reason}; assembling again without it.`);
      files[error.file] = {
        entry: failed.entry,
        report: { ...failed.report, outcome: 'set-aside', code: 'corrupt', reason: error.reason },
      };
    }
  }
}

/**
 * How the log and the per-file report name a series: by what the de-identified files hold, its
 * description or else its pseudonymised UID, never by the original UID.
 */
function seriesLabel(c: SeriesCandidate, mapUid: (uid: string) => string): string {
  return c.description ? `"${c.description}"` : mapUid(c.seriesInstanceUid);
}

function finalReports(
  files: readonly ScannedFile[],
  chosen: SeriesGroup & { phases: SeriesPhase[] },
  used: Set<number>,
  mapUid: (uid: string) => string,
): FileReport[] {
  const inChosen = new Set(chosen.frames.map((f) => f.file));
  const label = seriesLabel(chosen.candidate, mapUid);
  const gated = chosen.phases.length > 1;
  // The phase (or phases, for a multi-frame file) each file's frames went to.
  const phasesOf = new Map<number, Set<string>>();
  for (const phase of chosen.phases) {
    for (const f of phase.frames) phasesOf.set(f.file, (phasesOf.get(f.file) ?? new Set()).add(phase.label));
  }
  const dropped = new Map(chosen.droppedPhases.flatMap((d) => d.frames.map((f) => [f.file, d] as const)));
  return files.map((f, file) => {
    if (!f.instance) return f.report;
    const phase = gated && phasesOf.has(file) ? { phase: [...(phasesOf.get(file) ?? [])].join(', ') } : {};
    if (used.has(file)) return { ...f.report, outcome: 'used', ...phase };
    const left = dropped.get(file);
    if (left) {
      const reason = `Its cardiac phase (${left.label}) was left out: ${left.reason}`;
      return { ...f.report, outcome: 'set-aside', code: 'unusable-geometry', reason, phase: left.label };
    }
    if (inChosen.has(file)) {
      return {
        ...f.report,
        outcome: 'set-aside',
        code: 'duplicate',
        reason: gated
          ? 'Repeats the position of another image of the same phase, with the same pixels'
          : 'Repeats the position of another image of the series, with the same pixels',
        ...phase,
      };
    }
    return { ...f.report, outcome: 'candidate', code: 'other-series', reason: `Another series was chosen (${label})` };
  });
}

function describeChoice(
  group: SeriesGroup,
  count: number,
  overridden: boolean,
  mapUid: (uid: string) => string,
): string {
  const c = group.candidate;
  const how = overridden
    ? 'chosen by staff'
    : `chosen of ${count} by the rule (without gaps, axial, most slices, thinnest, contrast)`;
  return `Series ${seriesLabel(c, mapUid)} ${c.orientation}, ${c.sliceCount} slices, ${c.columns}×${c.rows}: ${how}.`;
}

function refused(error: ZipRefused, log: (line: string) => void): IngestResult {
  const reason = `The zip file was refused: ${error.reason}.`;
  log(reason);
  return { outcome: 'invalid', reasons: [reason], candidates: [], files: [] };
}
