import type { VolumeHeader } from '@cardiomap/domain';
import type { IngestResult } from '../../imaging/ingest/ingest-zip.ts';

/** One cardiac phase of a ready ingest, as the pipeline (issue 28) answers it. */
export interface IngestedPhaseOf {
  index: number;
  label: string;
  percent: number | null;
  triggerTimeMs: number | null;
  volumePath: string;
  volume: VolumeHeader;
  sliceCount: number;
  isDefault: boolean;
}

type Ready = Extract<IngestResult, { outcome: 'ready' }>;

/**
 * TEMPORARY bridge until the phase-aware pipeline (branch h/phaseintake) is merged: its result lists the
 * phases; the pipeline before it made one volume, which is the single, default phase.
 */
export function ingestedPhases(result: Ready): { phases: IngestedPhaseOf[]; reason: string } {
  const r = result as Ready & { phases?: IngestedPhaseOf[]; defaultPhaseReason?: string };
  if (r.phases?.length) return { phases: r.phases, reason: r.defaultPhaseReason ?? '' };
  const single: IngestedPhaseOf = {
    index: 0,
    label: 'Single phase',
    percent: null,
    triggerTimeMs: null,
    volumePath: result.volumePath,
    volume: result.volume,
    sliceCount: result.volume.dimensions[2],
    isDefault: true,
  };
  return { phases: [single], reason: 'One phase.' };
}
