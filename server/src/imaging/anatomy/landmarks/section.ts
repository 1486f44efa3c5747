/**
 * A lumen's cross-section in a plane, measured as an analyst sizes one: the closed contour (patient
 * points), perimeter, area, smallest and largest diameter through the centroid, and the perimeter- and
 * area-derived diameters. The contour is cast from the centre, re-cast once from its own centroid (so
 * "diameter through the centre" means through the centroid), then smoothed by a Fourier series.
 */
import type { Vec3 } from '../../types.ts';
import { evaluateFourier, type Fourier, fitFourier } from './fourier.ts';
import { type HuAt, refineOnHu } from './hu-edge.ts';
import { inPlane, type PlaneFrame } from './plane-frame.ts';
import { type RayOptions as CastOptions, castContour } from './polar-contour.ts';

export interface RayOptions extends CastOptions {
  /** Move the contour onto the lumen's edge in this HU image (hu-edge.ts). */
  huEdge?: HuAt;
}

export interface SectionMeasures {
  perimeter: number;
  area: number;
  minDiameter: number;
  maxDiameter: number;
  perimeterDerivedDiameter: number;
  areaDerivedDiameter: number;
}

export interface Section {
  /** The plane, its centre moved to the contour's centroid. */
  frame: PlaneFrame;
  /** Closed contour, `CONTOUR_POINTS` points in patient space (mm). */
  contour: Vec3[];
  measures: SectionMeasures;
  /** Polar radius at an angle (radians in the frame) from the centroid. */
  radiusAt(theta: number): number;
  /** Share of the rays that found the wall (the rest were filled by the fit). */
  coverage: number;
}

const RAYS = 180;
const HARMONICS = 12;
const DENSE = 720;
export const CONTOUR_POINTS = 72;

export function measureSection(frame: PlaneFrame, o: RayOptions, recentre = true): Section | null {
  let f = frame;
  let fit: { fourier: Fourier; coverage: number } | null = null;
  for (let pass = 0; pass < (recentre ? 2 : 1); pass++) {
    const cast = castContour(f, RAYS, o);
    let radii = cast;
    if (o.huEdge) {
      // Back to the label's border when too few rays found the HU edge.
      const refined = refineOnHu(f, cast, o.huEdge);
      if (refined.filter(Number.isFinite).length >= 0.85 * RAYS) radii = refined;
    }
    const valid = radii.reduce((n, r) => n + (Number.isFinite(r) ? 1 : 0), 0);
    if (valid < 0.6 * RAYS) return null;
    const fourier = fitFourier(radii, HARMONICS);
    if (!fourier) return null;
    fit = { fourier, coverage: valid / RAYS };
    if (pass === 0 && recentre) {
      const [cx, cy] = polygonCentroid(fourier);
      f = { ...f, centre: inPlane(f, cx, cy) };
    }
  }
  if (!fit) return null;
  const { fourier } = fit;
  const r = (theta: number) => evaluateFourier(fourier, theta);
  let perimeter = 0;
  let area = 0;
  let px = r(0);
  let py = 0;
  for (let i = 1; i <= DENSE; i++) {
    const theta = (2 * Math.PI * i) / DENSE;
    const ri = r(theta);
    const x = ri * Math.cos(theta);
    const y = ri * Math.sin(theta);
    perimeter += Math.hypot(x - px, y - py);
    area += 0.5 * (px * y - x * py);
    px = x;
    py = y;
  }
  let minDiameter = Number.POSITIVE_INFINITY;
  let maxDiameter = 0;
  for (let i = 0; i < DENSE / 2; i++) {
    const theta = (2 * Math.PI * i) / DENSE;
    const d = r(theta) + r(theta + Math.PI);
    minDiameter = Math.min(minDiameter, d);
    maxDiameter = Math.max(maxDiameter, d);
  }
  const contour: Vec3[] = [];
  for (let i = 0; i < CONTOUR_POINTS; i++) {
    const theta = (2 * Math.PI * i) / CONTOUR_POINTS;
    contour.push(inPlane(f, r(theta) * Math.cos(theta), r(theta) * Math.sin(theta)));
  }
  return {
    frame: f,
    contour,
    measures: {
      perimeter,
      area,
      minDiameter,
      maxDiameter,
      perimeterDerivedDiameter: perimeter / Math.PI,
      areaDerivedDiameter: 2 * Math.sqrt(area / Math.PI),
    },
    radiusAt: r,
    coverage: fit.coverage,
  };
}

/** Area centroid (in-plane x, y) of the closed polar curve r(θ). */
function polygonCentroid(f: Fourier): [number, number] {
  let a = 0;
  let cx = 0;
  let cy = 0;
  const n = 360;
  for (let i = 0; i < n; i++) {
    const t0 = (2 * Math.PI * i) / n;
    const t1 = (2 * Math.PI * (i + 1)) / n;
    const r0 = evaluateFourier(f, t0);
    const r1 = evaluateFourier(f, t1);
    const x0 = r0 * Math.cos(t0);
    const y0 = r0 * Math.sin(t0);
    const x1 = r1 * Math.cos(t1);
    const y1 = r1 * Math.sin(t1);
    const cr = x0 * y1 - x1 * y0;
    a += cr;
    cx += (x0 + x1) * cr;
    cy += (y0 + y1) * cr;
  }
  return a === 0 ? [0, 0] : [cx / (3 * a), cy / (3 * a)];
}
