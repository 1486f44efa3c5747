/**
 * What the job log, the case warnings and an invalid-input reason say about the phases of the chosen
 * series (issue 28) and about images that repeat a position: which phases, told apart how, which one
 * the study opens on and why, what was set aside.
 */

import { PHASE_KIND_NAMES } from '../volume/phases.ts';
import type { SeriesFrame, SeriesGroup, SeriesPhase } from '../volume/series.ts';
import type { ScannedFile } from './scan-archive.ts';

type Phased = SeriesGroup & { phases: SeriesPhase[] };

/** How many file names a warning lists before it says "and N more". */
const NAMED_DUPLICATES = 5;

/** The log's lines on the phases found; none for a series that is not gated. */
export function describePhases(group: Phased): string[] {
  const { phases, phaseKind, droppedPhases } = group;
  if (phases.length + droppedPhases.length <= 1) return [];
  const how = phaseKind ? `told apart by ${PHASE_KIND_NAMES[phaseKind]}` : 'told apart by nothing';
  const from = group.candidate.phaseSeriesInstanceUids
    ? `, one series each (${group.candidate.phaseSeriesInstanceUids.length} series)`
    : ', in one series';
  const lines = [
    `ECG-gated: ${phases.length} cardiac phase(s)${from}, ${how}: ` +
      phases.map((p) => `${p.label} (${p.geometry.dimensions[2]} slices)`).join(', ') +
      '. Each becomes its own volume.',
  ];
  for (const d of droppedPhases) lines.push(`Phase ${d.label} left out: ${d.reason}.`);
  return lines;
}

/** The case's warnings on the phases: how many, which is shown first and why, which were left out. */
export function phaseWarnings(group: Phased, chosen: { label: string }, reason: string): string[] {
  const out: string[] = [];
  if (group.phases.length > 1) {
    out.push(
      `ECG-gated series with ${group.phases.length} cardiac phases (${group.phases.map((p) => p.label).join(', ')}), ` +
        `each its own volume; the study opens on ${chosen.label}: ${reason}`,
    );
  }
  for (const d of group.droppedPhases) {
    out.push(`Cardiac phase ${d.label} was left out (${d.frames.length} image(s)): ${d.reason}`);
  }
  return out;
}

/** Geometry notes of every phase, once each (the phases share one geometry, so mostly the same words). */
export function geometryWarnings(group: Phased): string[] {
  return [...new Set(group.phases.flatMap((p) => p.geometry.warnings))];
}

/** Images set aside for repeating a position, named with the image kept there, per phase. */
export function duplicateWarnings(group: Phased, files: readonly ScannedFile[]): string[] {
  const gated = group.phases.length > 1;
  return group.phases.flatMap((phase) => {
    const { duplicates, duplicateOf } = phase.geometry;
    if (duplicates.length === 0) return [];
    const nameOf = (source: number) => frameName(phase.frames[source], files);
    const named = duplicates
      .slice(0, NAMED_DUPLICATES)
      .map((d, i) => `${nameOf(d)} (same position as ${nameOf(duplicateOf[i] as number)})`);
    const more = duplicates.length > NAMED_DUPLICATES ? `, and ${duplicates.length - NAMED_DUPLICATES} more` : '';
    const count = duplicates.length === 1 ? '1 image repeated' : `${duplicates.length} images repeated`;
    const where = gated ? ` of phase ${phase.label}` : '';
    return [
      `${count} the position of another${where} and ${duplicates.length === 1 ? 'was' : 'were'} set aside: ${named.join(', ')}${more}`,
    ];
  });
}

/** Invalid input: two images at one position, of one phase as far as any attribute tells, that differ. */
export function mixedPhasesReason(group: Phased, pair: [SeriesFrame, SeriesFrame], files: readonly ScannedFile[]) {
  const [a, b] = pair;
  const names = `${frameName(a, files)} and ${frameName(b, files)}`;
  const phase = group.phases.find((p) => p.frames.includes(a));
  const told =
    group.phases.length > 1 && phase
      ? `both of phase ${phase.label} by ${group.phaseKind ? PHASE_KIND_NAMES[group.phaseKind] : 'their attributes'}`
      : 'no phase attribute (Nominal Percentage of Cardiac Phase, Trigger Time, Temporal Position Index or Identifier) tells them apart';
  return (
    `Images at the same position differ in their pixels (${names}) and ${told}: the series may hold several ` +
    'cardiac phases or acquisitions, which cannot be separated safely. Export each phase as its own series, ' +
    'or with its phase attributes, and upload again.'
  );
}

function frameName(frame: SeriesFrame | undefined, files: readonly ScannedFile[]): string {
  if (!frame) return '?';
  const path = files[frame.file]?.entry.path ?? '?';
  const frames = files[frame.file]?.instance?.frames?.length ?? 1;
  return frames > 1 ? `frame ${frame.frame + 1} of ${path}` : path;
}
