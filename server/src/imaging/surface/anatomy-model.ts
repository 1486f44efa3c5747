import type { VolumeHeader } from '@cardiomap/domain';
import { ANATOMY_LABEL, ANATOMY_LABEL_NAMES, type LeftHeartSegmentation, segmentLeftHeart } from '../anatomy/index.ts';
import { proposeLandmarks } from '../anatomy/landmarks/propose-landmarks.ts';
import { writeLabelNrrd } from '../volume/label-nrrd.ts';
import { readVolumeFile } from '../volume/volume-file.ts';
import { blockFactors, downsampleVolume } from './downsample-volume.ts';
import { type LabelGrid, meshesOfLabels, type StructureMesh, type StructureSpec } from './label-meshes.ts';
import type { Affine } from './mesh.ts';
import { type ProposalResult, proposalResults } from './proposal-results.ts';

/**
 * The structures the 3D scene shows (issue 31 §1), in scene order. The root joins the aorta (one vessel
 * from the LVOT to the descending aorta); the appendage joins the atrium it belongs to; calcium is its
 * own object because annulus and leaflet calcium matter for TAVI.
 */
export const ANATOMY_STRUCTURES: readonly StructureSpec[] = [
  { name: 'Aorta', labels: [ANATOMY_LABEL.aorticRoot, ANATOMY_LABEL.aorta], color: '#c0392b' },
  { name: 'Left ventricle', labels: [ANATOMY_LABEL.lvCavity], color: '#8e44ad' },
  { name: 'Left atrium + LAA', labels: [ANATOMY_LABEL.leftAtrium, ANATOMY_LABEL.laa], color: '#2e86c1' },
  { name: 'Calcium', labels: [ANATOMY_LABEL.calcium], color: '#f4f1de' },
];

export interface AnatomyModel {
  /** False when no contrast-filled left heart was found: then no meshes and no labels, only warnings. */
  found: boolean;
  warnings: string[];
  meshes: Omit<StructureMesh, 'mesh'>[];
  /** The label volume as NRRD, on the CT's own grid; null when nothing was found. */
  labelsNrrd: Uint8Array | null;
  /** Per label structure (LV cavity, root, aorta, LA, LAA, calcium): its volume from the voxels (ml). */
  volumes: { name: string; volumeMl: number }[];
  /** The proposed landmarks' key figures (issue 31 §2), named "(proposed)". */
  proposals: ProposalResult[];
  lumenHu: number | null;
  seconds: number;
}

/**
 * The automatic anatomy of one stored volume: the whole volume read into memory (int16; a 512 × 512 × 500
 * CT is 262 MB), the left heart and aorta segmented, one mesh per structure, and the labels kept as NRRD.
 * Runs on the surface job's worker thread.
 */
export async function buildAnatomyModel(
  volumePath: string,
  o: { signal?: AbortSignal; log?: (line: string) => void } = {},
): Promise<AnatomyModel> {
  const log = o.log ?? (() => undefined);
  const started = performance.now();
  const { header, hu } = await readForSegmentation(volumePath, o.signal);
  log(`Read ${header.dimensions.join(' × ')} voxels of ${header.spacing.map((s) => s.toFixed(2)).join(' × ')} mm.`);
  const segmentation = segmentLeftHeart({ header, hu });
  o.signal?.throwIfAborted();
  logSegmentation(segmentation, log);
  const seconds = () => (performance.now() - started) / 1000;
  if (!segmentation.found) {
    return {
      found: false,
      warnings: segmentation.warnings,
      meshes: [],
      labelsNrrd: null,
      volumes: [],
      proposals: [],
      lumenHu: segmentation.details.lumenHU,
      seconds: seconds(),
    };
  }
  const grid: LabelGrid = { labels: segmentation.labels, dims: header.dimensions, toPatient: toPatientOf(header) };
  const meshes = meshesOfLabels(grid, ANATOMY_STRUCTURES, { signal: o.signal }).map(({ mesh: _mesh, ...rest }) => rest);
  for (const m of meshes) log(`${m.name}: ${m.volumeMl.toFixed(1)} ml, ${m.triangles} triangles.`);
  const proposals = proposalsOf(header, hu, segmentation.labels, log);
  return {
    found: true,
    warnings: segmentation.warnings,
    meshes,
    labelsNrrd: writeLabelNrrd({ ...grid, names: labelNames() }),
    volumes: segmentation.structures.map((s) => ({ name: s.name, volumeMl: s.volumeMl })),
    proposals,
    lumenHu: segmentation.details.lumenHU,
    seconds: seconds(),
  };
}

/**
 * Voxels the segmentation reads at most. Its labels and the proposals' contours come from this grid, and
 * the job's memory grows with it (int16 HU, uint8 labels and the segmentation's own arrays, about 6 bytes a
 * voxel at the peak): 32 million keeps a 512 × 512 × 120 cardiac CT at its own resolution and a 500-slice
 * chest to about 0.9 mm in-plane, and the thread to a few hundred MB (issue 31: < 1 GB).
 */
export const MAX_ANATOMY_VOXELS = 32_000_000;

/**
 * The volume in memory, at its own resolution when it fits `MAX_ANATOMY_VOXELS`, else block-averaged
 * (read slice by slice, never whole) to the coarsest of equal-ish block factors that fits.
 */
async function readForSegmentation(
  path: string,
  signal?: AbortSignal,
): Promise<{ header: VolumeHeader; hu: Int16Array }> {
  const volume = await readVolumeFile(path);
  try {
    const [nx, ny, nz] = volume.header.dimensions;
    if (nx * ny * nz > MAX_ANATOMY_VOXELS) return await averagedDown(volume.header, volume.slice, signal);
    const hu = new Int16Array(nx * ny * nz);
    for (let k = 0; k < nz; k++) {
      signal?.throwIfAborted();
      hu.set(await volume.slice(k), k * nx * ny);
    }
    return { header: volume.header, hu };
  } finally {
    await volume.close();
  }
}

async function averagedDown(
  header: VolumeHeader,
  slice: (k: number) => Promise<Int16Array>,
  signal?: AbortSignal,
): Promise<{ header: VolumeHeader; hu: Int16Array }> {
  let targetMm = Math.min(...header.spacing);
  // Grow the block until the grid fits; a few tries at most (each step adds a tenth of a millimetre).
  for (;;) {
    const factors = blockFactors(header.spacing, targetMm);
    const cells = header.dimensions.reduce((n, d, a) => n * (Math.ceil(d / factors[a]!) + 2), 1);
    if (cells <= MAX_ANATOMY_VOXELS) break;
    targetMm += 0.1;
  }
  const coarse = await downsampleVolume(header, slice, targetMm, signal);
  const m = coarse.toPatient;
  return {
    header: {
      ...header,
      dimensions: coarse.dims,
      spacing: coarse.spacing,
      origin: [m[3]!, m[7]!, m[11]!],
    },
    hu: coarse.hu,
  };
}

/** Voxel (i, j, k) to patient mm: origin + i·spacing·row + j·spacing·column + k·spacing·normal. */
export function toPatientOf(header: Pick<VolumeHeader, 'spacing' | 'origin' | 'direction'>): Affine {
  const d = header.direction;
  const [sx, sy, sz] = header.spacing;
  const m: number[] = [];
  for (let r = 0; r < 3; r++) {
    m.push((d[r] as number) * sx, (d[3 + r] as number) * sy, (d[6 + r] as number) * sz, header.origin[r] as number);
  }
  return m;
}

/**
 * The landmark proposals on the segmentation's labels, their contours put on the lumen's edge in the
 * HU volume (`huEdges`: a segmentation's border may sit off the lumen by a voxel; the bench measured
 * 1.3 mm of annulus diameter without it, 0.1 mm with). A failure here costs the proposals, not the model.
 */
function proposalsOf(
  header: VolumeHeader,
  hu: Int16Array,
  labels: Uint8Array,
  log: (line: string) => void,
): ProposalResult[] {
  const started = performance.now();
  try {
    const volume = {
      dims: header.dimensions,
      spacing: header.spacing,
      origin: header.origin,
      direction: header.direction,
    };
    const { results, missing } = proposalResults(proposeLandmarks({ ...volume, labels, hu }, { huEdges: true }));
    log(`Proposed ${results.length} landmark figures in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    for (const line of missing) log(`Not proposed: ${line}.`);
    return results;
  } catch (error) {
    log(`The landmark proposals failed: ${error instanceof Error ? error.message : String(error)}.`);
    return [];
  }
}

const labelNames = (): Record<number, string> =>
  Object.fromEntries(Object.entries(ANATOMY_LABEL_NAMES).filter(([label]) => label !== '0'));

function logSegmentation(s: LeftHeartSegmentation, log: (line: string) => void): void {
  const d = s.details;
  if (d.lumenHU !== null) log(`Contrast: aortic lumen at ${d.lumenHU} HU, lumen edge at ${d.edgeHU ?? '?'} HU.`);
  if (s.found) log(`Found: ${s.structures.map((x) => `${x.name} ${x.volumeMl} ml`).join(', ')}.`);
  for (const w of s.warnings) log(`Warning: ${w}.`);
  log(
    `Timings: ${Object.entries(d.timingsMs)
      .map(([k, v]) => `${k} ${v} ms`)
      .join(', ')}.`,
  );
}
