/**
 * The marching-cubes case table, built at load time instead of typed in: for each of the 256 inside/
 * outside patterns of a cube's corners, the triangles (as cube edges) that separate them.
 *
 * Built face by face: on each cube face the crossed edges are joined so that every run of inside corners
 * is cut off on its own (so the ambiguous face with two diagonal inside corners keeps them apart). The
 * choice depends only on that face's corners, so the two cubes sharing a face always agree and the
 * surface has no cracks — unlike the classic 1987 table. Each face segment is oriented with the outside
 * on its left as seen from outside the cube; the segments then chain into closed loops, each fanned into
 * triangles whose normals point from inside (values at or above the level) to outside.
 *
 * Corner c sits at (c & 1, (c >> 1) & 1, (c >> 2) & 1). Edge e runs along axis ⌊e / 4⌋ from corner
 * EDGE_CORNERS[e][0] (the one with that axis bit clear) to EDGE_CORNERS[e][1].
 */

type Point = [number, number, number];

export const EDGE_CORNERS: ReadonlyArray<readonly [number, number]> = [1, 2, 4].flatMap((bit) =>
  [0, 1, 2, 3, 4, 5, 6, 7].filter((c) => (c & bit) === 0).map((c) => [c, c | bit] as const),
);

export const EDGE_AXIS: readonly number[] = EDGE_CORNERS.map((_, e) => Math.floor(e / 4));

const corner = (c: number): Point => [c & 1, (c >> 1) & 1, (c >> 2) & 1];
const edgeOf = (a: number, b: number) =>
  EDGE_CORNERS.findIndex(([p, q]) => (p === a && q === b) || (p === b && q === a));
const midpoint = (e: number): Point => {
  const [a, b] = EDGE_CORNERS[e] as [number, number];
  const p = corner(a);
  const q = corner(b);
  return [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2, (p[2] + q[2]) / 2];
};

/** The six faces: their corners in cyclic order and their outward normal. */
const FACES = [0, 1, 2].flatMap((axis) =>
  [0, 1].map((side) => {
    const bit = 1 << axis;
    const [u, v] = [1, 2, 4].filter((b) => b !== bit) as [number, number];
    const base = side ? bit : 0;
    const normal: Point = [0, 0, 0];
    normal[axis] = side ? 1 : -1;
    return { corners: [base, base | u, base | u | v, base | v], normal };
  }),
);

/** Edge pairs (from, to) this face contributes for the given inside pattern. */
function faceSegments(face: (typeof FACES)[number], inside: (c: number) => boolean): [number, number][] {
  const cs = face.corners;
  const segments: [number, number][] = [];
  for (let i = 0; i < 4; i++) {
    const before = cs[i] as number;
    if (inside(before) || !inside(cs[(i + 1) % 4] as number)) continue;
    // A run of inside corners starts after corner i; find where it ends.
    const run: number[] = [];
    let j = (i + 1) % 4;
    while (inside(cs[j] as number)) {
      run.push(cs[j] as number);
      j = (j + 1) % 4;
    }
    const from = edgeOf(before, run[0] as number);
    const to = edgeOf(run[run.length - 1] as number, cs[j] as number);
    segments.push(outsideOnLeft(face.normal, from, to, run) ? [from, to] : [to, from]);
  }
  return segments;
}

/** True when walking from edge `from` to edge `to` leaves the run of inside corners on the right. */
function outsideOnLeft(n: Point, from: number, to: number, run: number[]): boolean {
  const a = midpoint(from);
  const b = midpoint(to);
  const d: Point = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
  const left = [n[1] * d[2] - n[2] * d[1], n[2] * d[0] - n[0] * d[2], n[0] * d[1] - n[1] * d[0]];
  const centre = run.map(corner).reduce((s, p) => [s[0] + p[0], s[1] + p[1], s[2] + p[2]], [0, 0, 0]);
  const away = [0, 1, 2].map((k) => (a[k]! + b[k]!) / 2 - centre[k]! / run.length);
  return left[0]! * away[0]! + left[1]! * away[1]! + left[2]! * away[2]! > 0;
}

function caseTriangles(pattern: number): number[] {
  const inside = (c: number) => (pattern & (1 << c)) !== 0;
  const next = new Map<number, number>();
  for (const face of FACES) {
    for (const [from, to] of faceSegments(face, inside)) {
      if (next.has(from)) throw new Error(`marching cubes table: edge ${from} leaves twice in case ${pattern}`);
      next.set(from, to);
    }
  }
  const triangles: number[] = [];
  const seen = new Set<number>();
  for (const start of next.keys()) {
    if (seen.has(start)) continue;
    const loop: number[] = [];
    for (let e = start; !seen.has(e); e = next.get(e) as number) {
      seen.add(e);
      loop.push(e);
    }
    for (let k = 1; k + 1 < loop.length; k++)
      triangles.push(loop[0] as number, loop[k] as number, loop[k + 1] as number);
  }
  return triangles;
}

/** Triangle edges of case p: TRIANGLE_EDGES[CASE_START[p] .. CASE_START[p + 1]), three per triangle. */
export const { CASE_START, TRIANGLE_EDGES } = (() => {
  const all = Array.from({ length: 256 }, (_, p) => caseTriangles(p));
  const start = new Uint16Array(257);
  for (let p = 0; p < 256; p++) start[p + 1] = (start[p] as number) + (all[p] as number[]).length;
  return { CASE_START: start, TRIANGLE_EDGES: Uint8Array.from(all.flat()) };
})();
