import type { ViewerLoad, ViewerPhase, VolumeAttributes } from '@cardiomap/contract';
import { DEFAULT_VOLUME_LEVELS } from '@cardiomap/domain';
import type { ObjectStorage, ReadAccess } from '../../storage/object-storage.ts';
import { type PhaseRow, phaseFactsOf, presentPhases } from '../studies/index.ts';

/**
 * Asked for viewer links; the storage driver holds them to READ_URL_SECONDS (10 minutes by default), and
 * the viewer asks for the load again every 2 minutes, so a long session always holds fresh links while
 * a link handed out before access ended dies with it (issue 22).
 */
export const VIEWER_READ_URL_SECONDS = 60 * 60;

const numbers = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((n): n is number => typeof n === 'number' && Number.isFinite(n)) : [];

function levelsOf(value: unknown): { windowCenter: number; windowWidth: number } {
  const levels = value as { windowCenter?: unknown; windowWidth?: unknown } | null | undefined;
  if (typeof levels?.windowCenter === 'number' && typeof levels.windowWidth === 'number' && levels.windowWidth > 0) {
    return { windowCenter: levels.windowCenter, windowWidth: levels.windowWidth };
  }
  // Spec §9: 230 and 1075 when the volume names none.
  return { ...DEFAULT_VOLUME_LEVELS };
}

/** A volume's geometry as ingest stored it, plus a read URL for the session (streamed, Range-capable). */
async function presentVolume(storage: ObjectStorage, volume: PhaseRow, access: ReadAccess): Promise<VolumeAttributes> {
  const a = volume.attributes;
  return {
    spacing: numbers(a.spacing),
    dimensions: numbers(a.dimensions).map(Math.round),
    origin: numbers(a.origin),
    direction: numbers(a.direction),
    levels: levelsOf(a.levels),
    interpolationType: a.interpolationType === 1 ? 1 : 0,
    // No file name: the panes read it inline, it is not a download.
    readUrl: await storage.signedGetUrl(volume.storageKey, {
      expiresInSeconds: VIEWER_READ_URL_SECONDS,
      contentType: volume.mimeType,
      access,
    }),
  };
}

/**
 * Issue 28: every cardiac phase with its volume, under the same access as the volume always had, and
 * `dicom` = the default phase's (what clients unaware of phases load). No volume yet: none of either.
 */
export async function presentVolumes(
  storage: ObjectStorage,
  rows: readonly PhaseRow[],
  access: ReadAccess,
): Promise<{ dicom: ViewerLoad['dicom']; phases: ViewerPhase[] }> {
  const facts = presentPhases(rows.map(phaseFactsOf));
  const phases = await Promise.all(
    rows.map(async (row, i) => ({
      ...(facts[i] as (typeof facts)[number]),
      attributes: await presentVolume(storage, row, access),
    })),
  );
  const chosen = phases.find((p) => p.isDefault);
  return { dicom: chosen ? { studyResourceId: chosen.id, attributes: chosen.attributes } : null, phases };
}
