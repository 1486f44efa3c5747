import type { Plane, Point3 } from './geometry.ts';

/**
 * The cross-section of a triangle mesh with a plane (the MPR contour of an Atrium or Aorta result):
 * segments in patient coordinates (mm) and the same segments joined into polylines.
 */

/** A triangle mesh with corners shared by index, so neighbouring triangles agree on their crossing points. */
export interface SectionMesh {
  /** x, y, z per vertex (mm). */
  positions: Float64Array;
  /** Three vertex indices per triangle. */
  triangles: Uint32Array;
}

export type SectionSegment = readonly [Point3, Point3];

export interface SectionPolyline {
  points: Point3[];
  /** The last point joins the first (a whole ring of the surface). */
  closed: boolean;
}

export interface MeshSection {
  segments: SectionSegment[];
  polylines: SectionPolyline[];
}

/** Vertices closer to each other than this (mm) are one corner. */
const WELD_MM = 1e-6;
/** Vertices closer to the plane than this (mm) lie on it: their crossings are the vertex itself. */
const ON_PLANE_MM = 1e-9;

/**
 * Welds equal corners (mesh files often repeat each triangle's corners, STL always) and drops
 * triangles that collapse to a line or point, once per mesh; sections are then cut per plane.
 */
export function prepareSectionMesh(positions: ArrayLike<number>, indices?: ArrayLike<number> | null): SectionMesh {
  const vertexCount = Math.floor(positions.length / 3);
  const welded = new Uint32Array(vertexCount);
  const byKey = new Map<string, number>();
  const out: number[] = [];
  for (let v = 0; v < vertexCount; v++) {
    const [x, y, z] = [positions[3 * v] as number, positions[3 * v + 1] as number, positions[3 * v + 2] as number];
    const key = `${Math.round(x / WELD_MM)},${Math.round(y / WELD_MM)},${Math.round(z / WELD_MM)}`;
    let index = byKey.get(key);
    if (index === undefined) {
      index = out.length / 3;
      byKey.set(key, index);
      out.push(x, y, z);
    }
    welded[v] = index;
  }
  const cornerCount = indices ? indices.length : vertexCount;
  const triangles: number[] = [];
  for (let t = 0; t + 2 < cornerCount; t += 3) {
    const corner = (k: number) => welded[indices ? (indices[t + k] as number) : t + k] as number;
    const [a, b, c] = [corner(0), corner(1), corner(2)];
    if (a !== b && b !== c && a !== c) triangles.push(a, b, c);
  }
  return { positions: Float64Array.from(out), triangles: Uint32Array.from(triangles) };
}

/**
 * Where the plane cuts the mesh. Each crossing point is named by what it lies on (a vertex on the plane,
 * or an edge between vertices on either side) and computed once, so the segments of neighbouring
 * triangles meet exactly and join into polylines. Triangles lying in the plane add nothing themselves;
 * an edge lying in the plane is given once however many triangles share it. A plane that only touches
 * the mesh at a vertex gives nothing.
 */
export function meshPlaneSection(mesh: SectionMesh, plane: Plane): MeshSection {
  const distances = signedDistances(mesh.positions, plane);
  const points = new Map<string, Point3>();
  const seen = new Set<string>();
  const links: Array<readonly [string, string]> = [];
  const vertexPoint = (v: number): string => {
    const key = `v${v}`;
    if (!points.has(key)) points.set(key, vertexAt(mesh.positions, v));
    return key;
  };
  const edgePoint = (a: number, b: number): string => {
    const [low, high] = a < b ? [a, b] : [b, a];
    const key = `e${low}-${high}`;
    if (!points.has(key)) points.set(key, crossing(mesh.positions, distances, low, high));
    return key;
  };
  const { triangles } = mesh;
  for (let t = 0; t < triangles.length; t += 3) {
    const corners = [triangles[t], triangles[t + 1], triangles[t + 2]] as number[];
    const ends = triangleCrossing(corners, distances, vertexPoint, edgePoint);
    if (!ends || ends[0] === ends[1]) continue;
    const id = ends[0] < ends[1] ? `${ends[0]}|${ends[1]}` : `${ends[1]}|${ends[0]}`;
    if (seen.has(id)) continue;
    seen.add(id);
    links.push(ends);
  }
  const at = (key: string) => points.get(key) as Point3;
  return {
    segments: links.map(([a, b]): SectionSegment => [at(a), at(b)]),
    polylines: joinLinks(links).map(({ keys, closed }) => ({ points: keys.map(at), closed })),
  };
}

function signedDistances(positions: Float64Array, plane: Plane): Float64Array {
  const [nx, ny, nz] = plane.normal;
  const length = Math.hypot(nx, ny, nz);
  if (length === 0) throw new Error('A plane needs a non-zero normal.');
  const [cx, cy, cz] = plane.centroid;
  const distances = new Float64Array(positions.length / 3);
  for (let v = 0; v < distances.length; v++) {
    const d =
      ((positions[3 * v]! - cx) * nx + (positions[3 * v + 1]! - cy) * ny + (positions[3 * v + 2]! - cz) * nz) / length;
    distances[v] = Math.abs(d) <= ON_PLANE_MM ? 0 : d;
  }
  return distances;
}

const vertexAt = (positions: Float64Array, v: number): Point3 => [
  positions[3 * v]!,
  positions[3 * v + 1]!,
  positions[3 * v + 2]!,
];

/** The point of edge low–high on the plane; always from the lower index, so it is the same for both triangles. */
function crossing(positions: Float64Array, distances: Float64Array, low: number, high: number): Point3 {
  const f = distances[low]! / (distances[low]! - distances[high]!);
  const [a, b] = [vertexAt(positions, low), vertexAt(positions, high)];
  return [a[0] + f * (b[0] - a[0]), a[1] + f * (b[1] - a[1]), a[2] + f * (b[2] - a[2])];
}

/** The two named ends of one triangle's cut, or null when the plane misses it or lies in it. */
function triangleCrossing(
  corners: number[],
  distances: Float64Array,
  vertexPoint: (v: number) => string,
  edgePoint: (a: number, b: number) => string,
): readonly [string, string] | null {
  const ends: string[] = [];
  for (let k = 0; k < 3; k++) {
    const a = corners[k]!;
    const b = corners[(k + 1) % 3]!;
    const [da, db] = [distances[a]!, distances[b]!];
    if (da === 0) ends.push(vertexPoint(a));
    else if (db !== 0 && da > 0 !== db > 0) ends.push(edgePoint(a, b));
  }
  // Three ends: the triangle lies in the plane. One: it touches the plane at a corner only.
  return ends.length === 2 ? [ends[0]!, ends[1]!] : null;
}

/** Joins segments sharing an end into chains; a chain that comes back to its start is closed. */
function joinLinks(links: ReadonlyArray<readonly [string, string]>): { keys: string[]; closed: boolean }[] {
  const byEnd = new Map<string, number[]>();
  links.forEach(([a, b], i) => {
    for (const end of [a, b]) byEnd.set(end, [...(byEnd.get(end) ?? []), i]);
  });
  const used = new Uint8Array(links.length);
  const next = (end: string): [number, string] | null => {
    for (const i of byEnd.get(end) ?? []) {
      if (used[i]) continue;
      used[i] = 1;
      const [a, b] = links[i]!;
      return [i, a === end ? b : a];
    }
    return null;
  };
  const chains: { keys: string[]; closed: boolean }[] = [];
  // Open chains first start at an end only one segment reaches, so they are not split in two.
  const starts = [...byEnd.keys()].sort(
    (x, y) => (byEnd.get(x)!.length === 1 ? 0 : 1) - (byEnd.get(y)!.length === 1 ? 0 : 1),
  );
  for (const start of starts) {
    let step = next(start);
    if (!step) continue;
    const keys = [start];
    while (step) {
      keys.push(step[1]);
      step = next(step[1]);
    }
    const closed = keys.length > 3 && keys[keys.length - 1] === start;
    if (closed) keys.pop();
    chains.push({ keys, closed });
  }
  return chains;
}
