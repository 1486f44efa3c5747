/**
 * The shapes the automatic left-heart segmentation (issue 31 §1) takes and gives. No I/O here: the volume
 * arrives as HU samples with the same geometry the surface job reads from the stored volume's header.
 */
import type { VolumeHeader } from '@cardiomap/domain';

/** Grid size [x, y, z]; voxel (i, j, k) is at index i + nx·(j + ny·k). */
export type Dims = [number, number, number];
export type Vec3 = [number, number, number];

/** Where a volume's voxels lie: as the stored volume's header says (`direction` = row, column, slice normal). */
export type VolumeGeometry = Pick<VolumeHeader, 'dimensions' | 'spacing' | 'origin' | 'direction'>;

/** A CT volume held in memory: HU per voxel in the header's layout (x fastest, then y, then z). */
export interface CtVolume {
  header: VolumeGeometry;
  hu: Int16Array | Float32Array;
}

/** The label values of the output volume. 0 is everything else (bone, right heart, PA, tissue, air). */
export const ANATOMY_LABEL = {
  background: 0,
  lvCavity: 1,
  /** Aortic root from the LVOT (12 mm below the annulus) to the sinotubular junction, sinuses included. */
  aorticRoot: 2,
  /** Ascending aorta above the STJ, arch and descending aorta. */
  aorta: 3,
  /** Left atrium with the pulmonary-vein ostia. */
  leftAtrium: 4,
  /** Left atrial appendage beyond its ostium. */
  laa: 5,
  /** Calcium at the root (annulus and leaflets), far above the lumen's level; 8 as the phantom numbers it. */
  calcium: 8,
} as const;

export type AnatomyLabel = (typeof ANATOMY_LABEL)[keyof typeof ANATOMY_LABEL];

export const ANATOMY_LABEL_NAMES: Record<AnatomyLabel, string> = {
  0: 'background',
  1: 'LV cavity',
  2: 'aortic root + LVOT',
  3: 'aorta',
  4: 'left atrium',
  5: 'left atrial appendage',
  8: 'calcium',
};

/** A working volume: HU on a regular grid, positions in mm along the grid's own axes. */
export interface WorkVolume {
  dims: Dims;
  /** mm between voxel centres along i, j, k. */
  spacing: Vec3;
  /** Smoothed HU (σ ≈ 0.7 mm): the lumen edge and the structures' levels are read from it. */
  hu: Float32Array;
  /** Source voxels per work voxel along each axis (block averaging). */
  factors: Vec3;
}

export interface SegmentOptions {
  /** Work grid spacing aimed at (mm), default 1.3; the source's blocks are averaged to about this. */
  workSpacingMm?: number;
  /** Lowest lumen level taken as contrast-filled (HU), default 200. */
  minContrastHU?: number;
}

export interface StructureSummary {
  name: string;
  label: AnatomyLabel;
  volumeMl: number;
}

export interface LeftHeartSegmentation {
  /** One label per voxel of the input grid (ANATOMY_LABEL); all 0 when nothing was found. */
  labels: Uint8Array;
  /** The grid `labels` lies on: the input's. */
  grid: VolumeGeometry;
  /** True when a contrast-filled aortic root was found and the left heart segmented from it. */
  found: boolean;
  structures: StructureSummary[];
  /** For people: what could not be found or looks doubtful. */
  warnings: string[];
  /** Measured levels (HU) and sizes, for the job log and the bench. */
  details: SegmentationDetails;
}

export interface SegmentationDetails {
  /** Lumen level of the aorta (HU), its edge threshold, and the work grid spacing (mm). */
  lumenHU: number | null;
  edgeHU: number | null;
  workSpacingMm: Vec3;
  /** Aorta tracks found in axial slices: count, and their lengths (mm). */
  aortaTracks: number;
  /** Annulus centre and root axis (mm along the input grid's axes from voxel (0,0,0)), STJ height (mm). */
  root: { centre: Vec3; axis: Vec3; stjHeightMm: number; annulusRadiusMm: number } | null;
  timingsMs: Record<string, number>;
}
