/**
 * Where the sinuses of Valsalva start and end along the root's axis, and where the three cusps lie.
 *
 * Why the third harmonic: in a section perpendicular to the axis the lumen's polar radius r(θ) of an
 * elliptic annulus or LVOT has only even harmonics (an ellipse is symmetric under a half turn), and a
 * small offset of the ray origin adds a first one; three sinuses bulging alike, 120° apart, add a third
 * harmonic and nothing else of that order. So the third harmonic's amplitude along the axis is zero
 * below the cusp hinges (the virtual basal ring), rises through the sinuses and falls to zero at the
 * sinotubular junction. Fitting a half sine wave to it gives the basal ring's and the STJ's heights
 * from the whole profile rather than from one noisy slice; its phase gives the cusp centres.
 */
import { add, scale } from '../../volume/vector.ts';
import { evaluateFourier, type Fourier, fitFourier } from './fourier.ts';
import { ANATOMY_LABEL as L } from './labels.ts';
import type { PlaneFrame } from './plane-frame.ts';
import { castContour } from './polar-contour.ts';
import type { RootAxis } from './root-axis.ts';
import { type LabelledVolume, labelSet, membership, nearestLabel } from './volume.ts';

export interface SinusProfile {
  /** Heights along the axis (relative to the axis frame's centre, mm) of the basal ring and the STJ. */
  annulusHeight: number;
  stjHeight: number;
  /** Peak third-harmonic amplitude (mm): how far the sinuses bulge beyond the annulus–STJ blend, halved. */
  bulge: number;
  /** Cusp centre angles in the axis frame (radians), in no particular order. */
  cuspAngles: [number, number, number];
  /** RMS misfit of the half-sine model (mm). */
  misfit: number;
  /** Lumen radius of root + aorta at an angle of the axis frame and a height along the axis (mm). */
  radiusAt(theta: number, height: number): number;
}

const STEP = 0.5;

export function sinusProfile(v: LabelledVolume, axis: RootAxis): SinusProfile | { missing: string } {
  const inside = membership(v, labelSet([L.aorticRoot, L.aorta]));
  const labelAt = nearestLabel(v);
  const reject = labelSet([L.calcium]);
  const heights: number[] = [];
  const c3: number[] = [];
  const s3: number[] = [];
  const fits: Fourier[] = [];
  for (let z = axis.low + 1.5; z <= axis.high + 8; z += STEP) {
    const f: PlaneFrame = { ...axis.frame, centre: add(axis.frame.centre, scale(axis.frame.normal, z)) };
    const radii = castContour(f, 72, { inside, labelAt, rejectLabels: reject, maxRadius: 45 });
    if (radii.filter(Number.isFinite).length < 0.75 * radii.length) continue;
    const fourier = fitFourier(radii, 8);
    if (!fourier || fourier.a[0]! < 4) continue;
    heights.push(z);
    fits.push(fourier);
    c3.push(fourier.a[3]!);
    s3.push(fourier.b[3]!);
  }
  if (heights.length < 20) return { missing: 'the aortic root is too short along its axis to find its sinuses' };
  // The peak of the amplitude smoothed over 2 mm: a single slice grazing the LVOT's cut end can show a
  // large spurious third harmonic (seen on a root label grown by one voxel).
  const amplitude = heights.map((_, i) => Math.hypot(c3[i]!, s3[i]!));
  const smoothed = amplitude.map((_, i) => {
    const window = amplitude.slice(Math.max(0, i - 2), i + 3).sort((a, b) => a - b);
    return window[Math.floor(window.length / 2)]!;
  });
  let peak = 0;
  for (let i = 1; i < heights.length; i++) if (smoothed[i]! > smoothed[peak]!) peak = i;
  // Phase from the three slices around the peak, where it is best defined.
  let pc = 0;
  let ps = 0;
  for (let i = Math.max(0, peak - 2); i <= Math.min(heights.length - 1, peak + 2); i++) {
    pc += c3[i]!;
    ps += s3[i]!;
  }
  const phase = Math.atan2(ps, pc);
  const signal = heights.map((_, i) => c3[i]! * Math.cos(phase) + s3[i]! * Math.sin(phase));
  const fit = fitHalfSine(heights, signal, heights[peak]!);
  if (!fit) return { missing: 'no sinuses of Valsalva found along the root (no three-cusp bulge)' };
  if (fit.amplitude < 0.4) return { missing: 'no sinuses of Valsalva found along the root (bulge under 0.8 mm)' };
  const first = phase / 3;
  return {
    annulusHeight: fit.start,
    stjHeight: fit.end,
    bulge: fit.amplitude,
    cuspAngles: [first, first + (2 * Math.PI) / 3, first - (2 * Math.PI) / 3],
    misfit: fit.misfit,
    radiusAt(theta, height) {
      // Nearest profiled height: they are 0.5 mm apart, finer than anything read from the field.
      let best = 0;
      for (let i = 1; i < heights.length; i++)
        if (Math.abs(heights[i]! - height) < Math.abs(heights[best]! - height)) best = i;
      return evaluateFourier(fits[best]!, theta);
    },
  };
}

/**
 * Least-squares fit of y = K·sin(π(x − a)/(b − a)) on a < x < b, 0 elsewhere, with a < peak < b:
 * a grid search on (a, b), K in closed form, then a finer grid around the best.
 */
export function fitHalfSine(
  x: number[],
  y: number[],
  peak: number,
): { start: number; end: number; amplitude: number; misfit: number } | null {
  const x0 = x[0]!;
  const x1 = x[x.length - 1]!;
  let best: { start: number; end: number; amplitude: number; sse: number } | null = null;
  const evaluate = (a: number, b: number) => {
    if (!(a < peak && peak < b) || b - a < 4) return;
    let sy = 0;
    let ss = 0;
    let yy = 0;
    for (let i = 0; i < x.length; i++) {
      const t = (x[i]! - a) / (b - a);
      const m = t > 0 && t < 1 ? Math.sin(Math.PI * t) : 0;
      sy += m * y[i]!;
      ss += m * m;
      yy += y[i]! * y[i]!;
    }
    if (ss === 0) return;
    const k = sy / ss;
    const sse = yy - k * sy;
    if (!best || sse < best.sse) best = { start: a, end: b, amplitude: k, sse };
  };
  for (let a = x0 - 2; a < peak; a += 0.5) for (let b = peak + 0.5; b <= x1 + 2; b += 0.5) evaluate(a, b);
  if (!best) return null;
  for (let pass = 0; pass < 2; pass++) {
    const r = pass === 0 ? 0.5 : 0.1;
    const step = pass === 0 ? 0.1 : 0.02;
    const { start, end } = best as { start: number; end: number };
    for (let a = start - r; a <= start + r + 1e-9; a += step)
      for (let b = end - r; b <= end + r + 1e-9; b += step) evaluate(a, b);
  }
  const b = best as { start: number; end: number; amplitude: number; sse: number };
  return { start: b.start, end: b.end, amplitude: b.amplitude, misfit: Math.sqrt(Math.max(0, b.sse) / x.length) };
}
