import { readVolumeFile } from '../volume/volume-file.ts';
import { type BloodPoolOptions, bloodPoolField, DEFAULT_BLOOD_POOL } from './blood-pool-field.ts';
import { decimate } from './decimate.ts';
import { downsampleVolume } from './downsample-volume.ts';
import { writeGlb } from './glb-writer.ts';
import { marchingCubes } from './marching-cubes.ts';
import {
  flipWinding,
  meshArea,
  meshVolume,
  mirrors,
  type TriangleMesh,
  transformPositions,
  vertexNormals,
} from './mesh.ts';
import { DEFAULT_TAUBIN, type TaubinOptions, taubinSmooth } from './taubin-smooth.ts';

export interface SurfaceOptions {
  /** Voxel size (mm) the volume is averaged down to first: 1.2 mm keeps the aortic root and coronary
   * ostia recognisable and a 512 × 512 × 500 CT to a few million voxels. */
  targetVoxelMm: number;
  /**
   * Coarse voxels at most (each costs about 11 bytes while the parts are found, and the mesh grows with
   * them): a scan larger than a cardiac field of view is averaged coarser so the job's memory stays
   * bounded. 4 million keeps a 200 × 200 × 150 mm cardiac CTA at 1.2 mm; a 36 cm chest goes to ~2 mm.
   * (8 million took the server to 326 MB after a 500-slice chest ingest, 4 million to 288 MB: issue 4's
   * 300 MB.)
   */
  maxCoarseVoxels: number;
  bloodPool: BloodPoolOptions;
  smoothing: TaubinOptions;
  /** Above this the mesh is decimated; 200k triangles render smoothly on a laptop's integrated GPU. */
  maxTriangles: number;
  name: string;
  signal?: AbortSignal;
  log?: (line: string) => void;
}

export const DEFAULT_SURFACE: Readonly<Omit<SurfaceOptions, 'signal' | 'log'>> = Object.freeze({
  targetVoxelMm: 1.2,
  maxCoarseVoxels: 4_000_000,
  bloodPool: DEFAULT_BLOOD_POOL,
  smoothing: DEFAULT_TAUBIN,
  maxTriangles: 200_000,
  name: 'Blood pool (preliminary)',
});

export interface SurfaceResult {
  glb: Uint8Array;
  /** The mesh the GLB holds (patient coordinates, mm). */
  mesh: TriangleMesh;
  triangles: number;
  vertices: number;
  /** Enclosed volume (ml) and area (cm²) of the final mesh. */
  volumeMl: number;
  areaCm2: number;
  voxelMm: [number, number, number];
  partsFound: number;
  partsKept: number;
}

/** The coarse voxel size: the target, or larger when the scan would need more than the voxel budget. */
export function coarseVoxelMm(
  header: { dimensions: readonly number[]; spacing: readonly number[] },
  o: Pick<SurfaceOptions, 'targetVoxelMm' | 'maxCoarseVoxels'>,
): number {
  const extentMm3 = header.dimensions.reduce((product, n, axis) => product * n * (header.spacing[axis] ?? 1), 1);
  return Math.max(o.targetVoxelMm, Math.cbrt(extentMm3 / o.maxCoarseVoxels));
}

/**
 * The preliminary 3D model of a CT angiogram: the contrast-enhanced blood pool and aorta as a GLB mesh
 * in patient coordinates. Steps: average down to ~1.2 mm voxels, keep the largest part(s) in the
 * contrast HU range, marching cubes, Taubin smoothing, decimation to the triangle budget.
 * Null when no voxel is in the range (a non-contrast scan).
 */
export async function extractSurface(
  volumePath: string,
  options: Partial<SurfaceOptions> = {},
): Promise<SurfaceResult | null> {
  const o = { ...DEFAULT_SURFACE, ...options };
  const log = o.log ?? (() => undefined);
  const volume = await readVolumeFile(volumePath);
  let coarse: Awaited<ReturnType<typeof downsampleVolume>>;
  try {
    coarse = await downsampleVolume(volume.header, volume.slice, coarseVoxelMm(volume.header, o), o.signal);
  } finally {
    await volume.close();
  }
  const voxelMm = coarse.spacing.map((s) => Math.round(s * 100) / 100) as [number, number, number];
  log(
    `Averaged ${volume.header.dimensions.join(' × ')} voxels down to ${coarse.dims.join(' × ')} of ${voxelMm.join(' × ')} mm.`,
  );

  const field = bloodPoolField(coarse.hu, coarse.dims, o.bloodPool);
  if (!field) return null;
  log(
    `Blood pool: kept ${field.partsKept} of ${field.partsFound} parts in ${o.bloodPool.lowHu}–${o.bloodPool.highHu} HU.`,
  );
  o.signal?.throwIfAborted();

  let mesh = marchingCubes(coarse.hu, coarse.dims, field.level);
  transformPositions(mesh.positions, coarse.toPatient);
  // A left-handed volume (slice normal against row × column) would turn the normals inwards.
  if (mirrors(coarse.toPatient)) flipWinding(mesh.indices);
  const extracted = mesh.indices.length / 3;
  mesh = decimate(mesh, o.maxTriangles);
  taubinSmooth(mesh, o.smoothing);
  const triangles = mesh.indices.length / 3;
  log(`Surface: ${extracted} triangles${triangles < extracted ? `, decimated to ${triangles}` : ''}, smoothed.`);

  return {
    glb: writeGlb(mesh, vertexNormals(mesh), o.name),
    mesh,
    triangles,
    vertices: mesh.positions.length / 3,
    volumeMl: meshVolume(mesh) / 1000,
    areaCm2: meshArea(mesh) / 100,
    voxelMm,
    partsFound: field.partsFound,
    partsKept: field.partsKept,
  };
}
