import { GrowableArray, meshArea, type TriangleMesh } from './mesh.ts';

/**
 * At most `maxTriangles` triangles, by vertex clustering: vertices in one cube of a grid merge into their
 * mean, triangles left with fewer than three corners, or repeating another, go. Chosen over quadric edge
 * collapse for being linear-time and simple; at the 1–1.5 mm voxels the surface job extracts at, a
 * blood pool is usually below the target already, so this is a safety net (a very noisy or enormous
 * volume) rather than the common path. A part thinner than a cell can collapse into a sheet there.
 */
export function decimate(mesh: TriangleMesh, maxTriangles: number): TriangleMesh {
  let triangles = mesh.indices.length / 3;
  if (triangles <= maxTriangles) return mesh;
  // A closed surface of area A on cells of size c keeps about 2·A / c² triangles.
  let cell = Math.sqrt((2 * meshArea(mesh)) / maxTriangles);
  for (;;) {
    const result = cluster(mesh, cell);
    triangles = result.indices.length / 3;
    if (triangles <= maxTriangles) return result;
    cell *= 1.05 * Math.sqrt(triangles / maxTriangles);
  }
}

function cluster({ positions: p, indices }: TriangleMesh, cell: number): TriangleMesh {
  const vertexCount = p.length / 3;
  const min = [0, 1, 2].map((k) => {
    let m = Number.POSITIVE_INFINITY;
    for (let v = k; v < p.length; v += 3) m = Math.min(m, p[v]!);
    return m;
  }) as [number, number, number];
  const cellOf = new Map<number, number>();
  const clusterOf = new Uint32Array(vertexCount);
  const sums = new GrowableArray(Float32Array);
  const counts: number[] = [];
  // Keys stay exact integers below 2^53 for up to 2^17 cells per axis, far beyond any CT.
  const span = 1 << 17;
  for (let v = 0; v < vertexCount; v++) {
    const key =
      (Math.floor((p[3 * v + 2]! - min[2]) / cell) * span + Math.floor((p[3 * v + 1]! - min[1]) / cell)) * span +
      Math.floor((p[3 * v]! - min[0]) / cell);
    let c = cellOf.get(key);
    if (c === undefined) {
      c = counts.length;
      cellOf.set(key, c);
      counts.push(0);
      sums.push(0);
      sums.push(0);
      sums.push(0);
    }
    clusterOf[v] = c;
    counts[c]!++;
  }
  const positions = sums.toArray();
  for (let v = 0; v < vertexCount; v++) {
    const c = clusterOf[v]!;
    for (let k = 0; k < 3; k++) positions[3 * c + k]! += p[3 * v + k]! / counts[c]!;
  }
  const kept = new GrowableArray(Uint32Array);
  const seen = new Set<string>();
  for (let t = 0; t < indices.length; t += 3) {
    const a = clusterOf[indices[t]!]!;
    const b = clusterOf[indices[t + 1]!]!;
    const c = clusterOf[indices[t + 2]!]!;
    if (a === b || b === c || a === c) continue;
    const key = [a, b, c].sort((x, y) => x - y).join(',');
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(a);
    kept.push(b);
    kept.push(c);
  }
  return withoutUnusedVertices({ positions, indices: kept.toArray() });
}

/** Drops the vertices no triangle uses (clusters whose triangles all collapsed). */
function withoutUnusedVertices({ positions, indices }: TriangleMesh): TriangleMesh {
  const newIndex = new Int32Array(positions.length / 3).fill(-1);
  let used = 0;
  for (let i = 0; i < indices.length; i++) {
    const v = indices[i]!;
    if (newIndex[v] === -1) newIndex[v] = used++;
    indices[i] = newIndex[v]!;
  }
  const compact = new Float32Array(3 * used);
  newIndex.forEach((n, v) => {
    if (n >= 0) compact.set(positions.subarray(3 * v, 3 * v + 3), 3 * n);
  });
  return { positions: compact, indices };
}
