/** An indexed triangle mesh: xyz per vertex, three vertex indices per triangle (counter-clockwise outside). */
export interface TriangleMesh {
  positions: Float32Array;
  indices: Uint32Array;
}

type TypedArrayOf<T> = { new (length: number): T };

/** A typed array that grows by doubling: meshes are built before their size is known. */
export class GrowableArray<T extends Float32Array | Uint32Array> {
  private data: T;
  length = 0;

  constructor(private readonly Kind: TypedArrayOf<T>) {
    this.data = new Kind(1 << 16);
  }

  push(value: number): void {
    if (this.length === this.data.length) {
      const bigger = new this.Kind(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = value;
  }

  /** A copy of exactly the filled part. */
  toArray(): T {
    return this.data.slice(0, this.length) as T;
  }
}

/**
 * Row-major 3 × 4 matrix taking grid coordinates to patient coordinates (mm):
 * p = M[0..2]·g + M[3] for x, and so on.
 */
export type Affine = number[];

export function transformPositions(positions: Float32Array, m: Affine): void {
  for (let v = 0; v < positions.length; v += 3) {
    const x = positions[v] as number;
    const y = positions[v + 1] as number;
    const z = positions[v + 2] as number;
    for (let r = 0; r < 3; r++) {
      positions[v + r] = m[4 * r]! * x + m[4 * r + 1]! * y + m[4 * r + 2]! * z + m[4 * r + 3]!;
    }
  }
}

/** The determinant of the affine's linear part: a grid step's volume in patient space (mm³), signed. */
export function linearDeterminant(m: Affine): number {
  const [a, b, c, , d, e, f, , g, h, i] = m as number[];
  return a! * (e! * i! - f! * h!) - b! * (d! * i! - f! * g!) + c! * (d! * h! - e! * g!);
}

/** True when the affine mirrors space (its linear part has a negative determinant). */
export function mirrors(m: Affine): boolean {
  return linearDeterminant(m) < 0;
}

/** Reverses every triangle's winding, turning its normal around. */
export function flipWinding(indices: Uint32Array): void {
  for (let t = 0; t < indices.length; t += 3) {
    const b = indices[t + 1]!;
    indices[t + 1] = indices[t + 2]!;
    indices[t + 2] = b;
  }
}

/** Enclosed volume (mm³ for mm positions) by the divergence theorem: exact for a closed mesh. */
export function meshVolume({ positions: p, indices }: TriangleMesh): number {
  let sixfold = 0;
  for (let t = 0; t < indices.length; t += 3) {
    const a = 3 * indices[t]!;
    const b = 3 * indices[t + 1]!;
    const c = 3 * indices[t + 2]!;
    sixfold +=
      p[a]! * (p[b + 1]! * p[c + 2]! - p[b + 2]! * p[c + 1]!) -
      p[a + 1]! * (p[b]! * p[c + 2]! - p[b + 2]! * p[c]!) +
      p[a + 2]! * (p[b]! * p[c + 1]! - p[b + 1]! * p[c]!);
  }
  return sixfold / 6;
}

/** Calls `visit` with each triangle's index and its normal scaled by twice its area. */
function forEachFaceNormal(
  { positions: p, indices }: TriangleMesh,
  visit: (t: number, nx: number, ny: number, nz: number) => void,
) {
  for (let t = 0; t < indices.length; t += 3) {
    const a = 3 * indices[t]!;
    const b = 3 * indices[t + 1]!;
    const c = 3 * indices[t + 2]!;
    const ux = p[b]! - p[a]!;
    const uy = p[b + 1]! - p[a + 1]!;
    const uz = p[b + 2]! - p[a + 2]!;
    const vx = p[c]! - p[a]!;
    const vy = p[c + 1]! - p[a + 1]!;
    const vz = p[c + 2]! - p[a + 2]!;
    visit(t, uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx);
  }
}

export function meshArea(mesh: TriangleMesh): number {
  let twice = 0;
  forEachFaceNormal(mesh, (_, x, y, z) => {
    twice += Math.hypot(x, y, z);
  });
  return twice / 2;
}

/** Unit vertex normals, each the area-weighted mean of its triangles' normals. */
export function vertexNormals(mesh: TriangleMesh): Float32Array {
  const sums = new Float64Array(mesh.positions.length);
  const { indices } = mesh;
  forEachFaceNormal(mesh, (t, x, y, z) => {
    for (let k = 0; k < 3; k++) {
      const v = 3 * indices[t + k]!;
      sums[v] = sums[v]! + x;
      sums[v + 1] = sums[v + 1]! + y;
      sums[v + 2] = sums[v + 2]! + z;
    }
  });
  const normals = new Float32Array(sums.length);
  for (let v = 0; v < sums.length; v += 3) {
    const length = Math.hypot(sums[v]!, sums[v + 1]!, sums[v + 2]!) || 1;
    normals[v] = sums[v]! / length;
    normals[v + 1] = sums[v + 1]! / length;
    normals[v + 2] = sums[v + 2]! / length;
  }
  return normals;
}
