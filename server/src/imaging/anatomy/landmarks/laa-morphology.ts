/**
 * A morphology class proposal for the LAA from its voxels in the ostium's frame (w the depth along
 * the ostium normal, lateral offsets in the plane):
 *   - chicken wing: the appendage bends back on itself, so its deeper half lies off the ostium's
 *     axis (or its farthest point does) and its end is broad where the bent lobe runs sideways;
 *   - cactus: a central lobe with side lobes on opposite sides, so its lateral reach beyond the neck
 *     is large on both sides;
 *   - cauliflower: short with a broad, lobulated end, the distal part as wide as the neck;
 *   - windsock: one dominant lobe, long and tapering (the rest).
 * It is a proposal for the analyst; the figures it rests on come with it.
 */
import type { Vec3 } from '../../types.ts';
import { dot, sub } from '../../volume/vector.ts';
import type { PlaneFrame } from './plane-frame.ts';

export type LaaMorphology = 'chicken-wing' | 'windsock' | 'cactus' | 'cauliflower';

export function classifyLaaMorphology(
  laa: Float64Array,
  ostium: PlaneFrame,
  ostiumMaxDiameter: number,
): { morphology: LaaMorphology; features: Record<string, number> } {
  const n = laa.length / 3;
  const w = new Float64Array(n);
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  let depth = 0;
  let far = 0;
  let farIndex = 0;
  for (let i = 0; i < n; i++) {
    const r = sub([laa[3 * i]!, laa[3 * i + 1]!, laa[3 * i + 2]!] as Vec3, ostium.centre);
    w[i] = dot(r, ostium.normal);
    x[i] = dot(r, ostium.u);
    y[i] = dot(r, ostium.v);
    depth = Math.max(depth, w[i]!);
    const d = w[i]! ** 2 + x[i]! ** 2 + y[i]! ** 2;
    if (d > far) {
      far = d;
      farIndex = i;
    }
  }
  // Angle of the farthest point off the ostium's axis (degrees).
  const farAngle = (Math.atan2(Math.hypot(x[farIndex]!, y[farIndex]!), w[farIndex]!) * 180) / Math.PI;
  // Lateral reach beyond the neck's first 40 % of the depth: the largest offset along each of 12
  // in-plane directions; the side-lobe figure is the smaller of two opposite reaches, at its best.
  const reach = new Float64Array(12);
  let distal = 0;
  let distalSpread = 0;
  let neckSpread = 0;
  let neck = 0;
  for (let i = 0; i < n; i++) {
    const rel = w[i]! / depth;
    if (rel < 0.2) {
      neckSpread += x[i]! ** 2 + y[i]! ** 2;
      neck++;
    }
    if (rel > 0.7) {
      distalSpread += x[i]! ** 2 + y[i]! ** 2;
      distal++;
    }
    if (rel < 0.4) continue;
    for (let k = 0; k < 12; k++) {
      const a = (k * Math.PI) / 12;
      reach[k] = Math.max(reach[k]!, x[i]! * Math.cos(a) + y[i]! * Math.sin(a));
    }
  }
  // reach[k] covers directions a and, via the minimum below, a + π.
  const reachBack = new Float64Array(12);
  for (let i = 0; i < n; i++) {
    if (w[i]! / depth < 0.4) continue;
    for (let k = 0; k < 12; k++) {
      const a = (k * Math.PI) / 12;
      reachBack[k] = Math.max(reachBack[k]!, -(x[i]! * Math.cos(a) + y[i]! * Math.sin(a)));
    }
  }
  let sideLobes = 0;
  for (let k = 0; k < 12; k++) sideLobes = Math.max(sideLobes, Math.min(reach[k]!, reachBack[k]!));
  const neckRadius = Math.sqrt((2 * neckSpread) / Math.max(1, neck)) / Math.SQRT2;
  const distalRadius = Math.sqrt(distalSpread / Math.max(1, distal));
  // Lateral offset of the deeper half's centroid: a bent-back lobe pulls it to one side.
  let hx = 0;
  let hy = 0;
  let half = 0;
  let tipSpread = 0;
  let tipCount = 0;
  for (let i = 0; i < n; i++) {
    if (w[i]! > 0.5 * depth) {
      hx += x[i]!;
      hy += y[i]!;
      half++;
    }
  }
  hx /= Math.max(1, half);
  hy /= Math.max(1, half);
  for (let i = 0; i < n; i++)
    if (w[i]! > depth - 8) {
      tipSpread += (x[i]! - hx) ** 2 + (y[i]! - hy) ** 2;
      tipCount++;
    }
  const distalOffset = Math.hypot(hx, hy);
  const tipRadius = Math.sqrt(tipSpread / Math.max(1, tipCount));
  const features = {
    depth,
    farAngleDeg: farAngle,
    sideLobeReach: sideLobes,
    neckRadius,
    distalRadius,
    distalOffset,
    tipRadius,
    depthOverOstium: ostiumMaxDiameter > 0 ? depth / ostiumMaxDiameter : 0,
  };

  // Thresholds set on phantom seeds 1–40 (bench/JOURNAL.md has the confusion figures): a broad end
  // (tip spread ≥ 0.6 of the neck's) is a cauliflower's lobules or a chicken wing's bent lobe, which
  // also pulls the deeper half off the axis; a narrow end is a windsock's or a cactus', whose side
  // lobes reach well beyond the neck on two opposite sides.
  const tipRatio = tipRadius / Math.max(neckRadius, 1e-6);
  const sideRatio = sideLobes / Math.max(neckRadius, 1e-6);
  let morphology: LaaMorphology;
  if (farAngle > 35) morphology = 'chicken-wing';
  else if (tipRatio >= 0.6) morphology = distalOffset >= 1.5 ? 'chicken-wing' : 'cauliflower';
  else morphology = sideRatio >= 1.15 ? 'cactus' : 'windsock';
  return { morphology, features };
}
