import type { TriangleMesh } from '../../../src/imaging/surface/mesh.ts';

/**
 * Problems that keep a mesh from being a closed, consistently oriented surface: every directed edge
 * a→b must occur once and its reverse b→a once (so each edge has exactly two triangles, wound
 * oppositely). Answers the count of offending directed edges (0 for a closed surface).
 */
export function openOrInconsistentEdges({ indices }: TriangleMesh): number {
  const directed = new Map<string, number>();
  for (let t = 0; t < indices.length; t += 3) {
    for (let k = 0; k < 3; k++) {
      const key = `${indices[t + k]}>${indices[t + ((k + 1) % 3)]}`;
      directed.set(key, (directed.get(key) ?? 0) + 1);
    }
  }
  let bad = 0;
  for (const [key, count] of directed) {
    const [a, b] = key.split('>');
    if (count !== 1 || directed.get(`${b}>${a}`) !== 1) bad++;
  }
  return bad;
}

/** Vertices of the mesh, as [x, y, z] points. */
export function points({ positions }: TriangleMesh): [number, number, number][] {
  return Array.from({ length: positions.length / 3 }, (_, v) => [
    positions[3 * v] as number,
    positions[3 * v + 1] as number,
    positions[3 * v + 2] as number,
  ]);
}
