/**
 * The optimal C-arm projection curve: every (LAO/RAO, CRA/CAU) pair whose viewing direction lies in
 * the annulus plane, so the annulus is seen edge-on and the three cusps line up for deployment.
 *
 * Convention (the one the viewer's C-arm panel and the anatomy phantom use): patient space LPS; the
 * unit vector from the patient to the detector at angulation α (LAO +, RAO −) and β (CRA +, CAU −) is
 * d(α, β) = (sin α cos β, −cos α cos β, sin β). A pair is on the curve when d · n = 0, i.e.
 * tan β = −(n_x sin α − n_y cos α) / n_z.
 */
import type { Vec3 } from '../../types.ts';

export interface CArmAngles {
  /** LAO (+) / RAO (−), degrees. */
  lao: number;
  /** CRA (+) / CAU (−), degrees. */
  cra: number;
}

export function detectorDirection({ lao, cra }: CArmAngles): Vec3 {
  const a = (lao * Math.PI) / 180;
  const b = (cra * Math.PI) / 180;
  return [Math.sin(a) * Math.cos(b), -Math.cos(a) * Math.cos(b), Math.sin(b)];
}

/** CRA/CAU (−90…90°) at which LAO/RAO `lao` views the plane of normal `n` edge-on. */
export function craForLao(n: Vec3, lao: number): number {
  const a = (lao * Math.PI) / 180;
  // atan, not atan2: n and −n are the same plane, and β stays within ±90°.
  return (Math.atan(-(n[0] * Math.sin(a) - n[1] * Math.cos(a)) / n[2]) * 180) / Math.PI;
}

/** The curve sampled every `step`° of LAO/RAO from −`range` to +`range` (the C-arm's usual reach). */
export function projectionCurve(n: Vec3, range = 60, step = 5): CArmAngles[] {
  const out: CArmAngles[] = [];
  for (let lao = -range; lao <= range + 1e-9; lao += step) out.push({ lao, cra: craForLao(n, lao) });
  return out;
}
