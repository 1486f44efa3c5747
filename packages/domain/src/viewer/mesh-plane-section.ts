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
  const { welded, unique } = weld(positions, vertexCount);
  const cornerCount = indices ? indices.length : vertexCount;
  const triangles = new Uint32Array(cornerCount - (cornerCount % 3));
  let kept = 0;
  for (let t = 0; t + 2 < cornerCount; t += 3) {
    const a = welded[indices ? (indices[t] as number) : t] as number;
    const b = welded[indices ? (indices[t + 1] as number) : t + 1] as number;
    const c = welded[indices ? (indices[t + 2] as number) : t + 2] as number;
    if (a === b || b === c || a === c) continue;
    triangles[kept++] = a;
    triangles[kept++] = b;
    triangles[kept++] = c;
  }
  return { positions: unique, triangles: triangles.slice(0, kept) };
}

/**
 * Each vertex's index among the distinct positions (to WELD_MM), by an open-addressing table on the
 * rounded coordinates: a string-keyed map took seconds for the half a million triangles of a detailed
 * surface.
 */
function weld(positions: ArrayLike<number>, vertexCount: number): { welded: Uint32Array; unique: Float64Array } {
  const welded = new Uint32Array(vertexCount);
  const rounded = new Float64Array(vertexCount * 3);
  const unique = new Float64Array(vertexCount * 3);
  let size = 1;
  while (size < vertexCount * 2) size *= 2;
  const table = new Int32Array(size).fill(-1);
  let count = 0;
  for (let v = 0; v < vertexCount; v++) {
    const x = Math.round((positions[3 * v] as number) / WELD_MM);
    const y = Math.round((positions[3 * v + 1] as number) / WELD_MM);
    const z = Math.round((positions[3 * v + 2] as number) / WELD_MM);
    let slot = (Math.imul(x | 0, 73856093) ^ Math.imul(y | 0, 19349663) ^ Math.imul(z | 0, 83492791)) & (size - 1);
    for (;;) {
      const found = table[slot] as number;
      if (found < 0) {
        table[slot] = count;
        rounded.set([x, y, z], 3 * count);
        unique.set(
          [positions[3 * v] as number, positions[3 * v + 1] as number, positions[3 * v + 2] as number],
          3 * count,
        );
        welded[v] = count++;
        break;
      }
      if (rounded[3 * found] === x && rounded[3 * found + 1] === y && rounded[3 * found + 2] === z) {
        welded[v] = found;
        break;
      }
      slot = (slot + 1) & (size - 1);
    }
  }
  return { welded, unique: unique.slice(0, 3 * count) };
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
    const a = triangles[t]!;
    const b = triangles[t + 1]!;
    const c = triangles[t + 2]!;
    // Most triangles lie wholly on one side: skip them before any allocation.
    const da = distances[a]!;
    const db = distances[b]!;
    const dc = distances[c]!;
    if ((da > 0 && db > 0 && dc > 0) || (da < 0 && db < 0 && dc < 0)) continue;
    const ends = triangleCrossing([a, b, c], distances, vertexPoint, edgePoint);
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
