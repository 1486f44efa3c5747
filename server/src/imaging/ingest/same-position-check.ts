/**
 * Images of one phase at one position are duplicates only when they are the same image (issue 28): an
 * ECG-gated series exported without any phase attribute holds several phases at each position, and
 * keeping one image per position at random would build a heart that never existed. Their pixels are
 * compared (decoded on the ingest threads, only for the positions that repeat, never for one SOP instance
 * sent twice); the first pair that differs makes the series invalid input.
 *
 * "The same image": identical HU, or the same picture re-encoded — every cell of a 16 × 16 grid within
 * SAME_IMAGE_HU of the other's once a constant offset (a rescale written differently) is taken out. Lossy
 * re-compression moves a cell's mean by well under 1 HU and independent noise by about 1 HU; the heart
 * moving between two phases moves the cells it crosses by tens to hundreds, and one such pair suffices.
 */
import type { VolumeGeometry } from '../volume/geometry.ts';
import type { SeriesFrame } from '../volume/series.ts';
import { inOrder } from './in-order.ts';
import type { FrameSignature } from './ingest-tasks.ts';
import { ingestThreads } from './ingest-threads.ts';
import type { ScannedFile } from './scan-archive.ts';

export type SamePositionVerdict =
  | { ok: true; compared: number }
  | { ok: false; first: [SeriesFrame, SeriesFrame]; compared: number };

/** Pairs compared ahead per thread (each pair decodes two frames). */
const AHEAD_PER_THREAD = 2;
/** See the file's comment. */
export const SAME_IMAGE_HU = 10;

/** Identical, or every cell within SAME_IMAGE_HU once the mean offset between the two is taken out. */
export function sameImage(a: FrameSignature, b: FrameSignature): boolean {
  if (a.sha256 === b.sha256) return true;
  if (a.cells.length !== b.cells.length || a.cells.length === 0) return false;
  const offset = a.cells.reduce((sum, x, i) => sum + x - (b.cells[i] as number), 0) / a.cells.length;
  return a.cells.every((x, i) => Math.abs(x - (b.cells[i] as number) - offset) <= SAME_IMAGE_HU);
}

export async function checkSamePositions(
  phases: readonly { frames: SeriesFrame[]; geometry: VolumeGeometry }[],
  files: readonly ScannedFile[],
  signal?: AbortSignal,
): Promise<SamePositionVerdict> {
  const uidOf = (f: SeriesFrame) => files[f.file]?.instance?.sopInstanceUid;
  // One SOP instance (sent twice, perhaps in another transfer syntax, lossy or not) is one image by
  // definition: its frames are copies whatever their decoded pixels.
  const sameInstance = ([a, b]: [SeriesFrame, SeriesFrame]) =>
    a.frame === b.frame && !!uidOf(a) && uidOf(a) === uidOf(b);
  const pairs = phases
    .flatMap((p) =>
      p.geometry.duplicates.map(
        (d, i) => [p.frames[d], p.frames[p.geometry.duplicateOf[i] as number]] as [SeriesFrame, SeriesFrame],
      ),
    )
    .filter((pair) => !sameInstance(pair));
  if (pairs.length === 0) return { ok: true, compared: 0 };
  const threads = ingestThreads();
  const digest = async (f: SeriesFrame): Promise<FrameSignature | null> => {
    const result = await threads.hash({
      source: (files[f.file] as ScannedFile).entry.source,
      frames: [f.frame],
      voxels: f.rows * f.columns,
    });
    if (result.kind === 'refused') throw new Error(result.reason);
    // A file that cannot be decoded is not compared: it is set aside as a duplicate, or fails in pass 2.
    return result.kind === 'hashed' ? (result.signatures[0] ?? null) : null;
  };
  const compared = inOrder(
    pairs.length,
    async (i) => {
      const [a, b] = pairs[i] as [SeriesFrame, SeriesFrame];
      const [ha, hb] = await Promise.all([digest(a), digest(b)]);
      return ha === null || hb === null || sameImage(ha, hb);
    },
    { ahead: threads.size * AHEAD_PER_THREAD },
  );
  let count = 0;
  for await (const { index, result: same } of compared) {
    signal?.throwIfAborted();
    count++;
    if (!same) {
      await compared.return(undefined);
      return { ok: false, first: pairs[index] as [SeriesFrame, SeriesFrame], compared: count };
    }
  }
  return { ok: true, compared: count };
}
