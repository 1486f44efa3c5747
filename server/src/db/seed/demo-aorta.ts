import { phantomDisc } from '../../imaging/testing/phantom.ts';

/**
 * The demo result's "Aorta" mesh: a closed tube whose every axial cross-section is the phantom's bright
 * disc (demo-imaging.ts), so the MPR contour toggle outlines the disc on every slice and the 3D scene
 * shows where it runs. The disc moves linearly with the slice index, so the tube is straight (a sheared
 * cylinder) and a few rings describe it exactly.
 */

type Vec3 = [number, number, number];

export interface PhantomGeometry {
  count: number;
  rows: number;
  columns: number;
  spacing: number;
  pixelSpacing: readonly [number, number];
}

const SIDES = 64;
const RINGS = 8;

/** The disc's centre (mm, patient LPS) and radius at a slice index, as phantomSeries places its pixels. */
export function phantomDiscAt(phantom: PhantomGeometry, slice: number): { centre: Vec3; radius: number } {
  const { count, rows, columns, spacing, pixelSpacing } = phantom;
  const disc = phantomDisc(slice, count, rows, columns);
  // Slice origin at the first pixel's centre; disc centres are in pixel edges.
  const origin = [(-columns / 2) * pixelSpacing[1], (-rows / 2) * pixelSpacing[0]] as const;
  return {
    centre: [
      origin[0] + (disc.column - 0.5) * pixelSpacing[1],
      origin[1] + (disc.row - 0.5) * pixelSpacing[0],
      slice * spacing,
    ],
    radius: disc.radius * pixelSpacing[0],
  };
}

/** The tube's triangles from the first slice to the last, outward-facing, end caps included. */
export function demoAortaTriangles(phantom: PhantomGeometry): [Vec3, Vec3, Vec3][] {
  const rings = Array.from({ length: RINGS + 1 }, (_, r) => {
    const { centre, radius } = phantomDiscAt(phantom, ((phantom.count - 1) * r) / RINGS);
    const points = Array.from({ length: SIDES }, (_, s): Vec3 => {
      const angle = (2 * Math.PI * s) / SIDES;
      return [centre[0] + radius * Math.cos(angle), centre[1] + radius * Math.sin(angle), centre[2]];
    });
    return { centre, points };
  });
  const triangles: [Vec3, Vec3, Vec3][] = [];
  for (let r = 0; r < RINGS; r++) {
    const [low, high] = [rings[r]!.points, rings[r + 1]!.points];
    for (let s = 0; s < SIDES; s++) {
      const next = (s + 1) % SIDES;
      triangles.push([low[s]!, low[next]!, high[next]!], [low[s]!, high[next]!, high[s]!]);
    }
  }
  const [first, last] = [rings[0]!, rings[RINGS]!];
  for (let s = 0; s < SIDES; s++) {
    const next = (s + 1) % SIDES;
    triangles.push([first.centre, first.points[next]!, first.points[s]!]);
    triangles.push([last.centre, last.points[s]!, last.points[next]!]);
  }
  return triangles;
}

/** Binary STL: an 80-byte header, the triangle count, then per triangle its normal, corners and 0. */
export function binaryStl(triangles: readonly [Vec3, Vec3, Vec3][]): Buffer {
  const buffer = Buffer.alloc(84 + 50 * triangles.length);
  buffer.write('CardioMap demo aorta', 0, 'ascii');
  buffer.writeUInt32LE(triangles.length, 80);
  triangles.forEach((triangle, t) => {
    let offset = 84 + 50 * t;
    for (const value of [...facetNormal(triangle), ...triangle.flat()]) {
      buffer.writeFloatLE(value, offset);
      offset += 4;
    }
  });
  return buffer;
}

function facetNormal([a, b, c]: [Vec3, Vec3, Vec3]): Vec3 {
  const u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
  const v = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
  const n: Vec3 = [u[1]! * v[2]! - u[2]! * v[1]!, u[2]! * v[0]! - u[0]! * v[2]!, u[0]! * v[1]! - u[1]! * v[0]!];
  const length = Math.hypot(...n) || 1;
  return [n[0] / length, n[1] / length, n[2] / length];
}
