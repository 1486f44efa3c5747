/**
 * The optimal C-arm projection curve of a plane: every (LAO/RAO, CRA/CAU) pair whose viewing direction
 * lies in the plane, so the plane (the annulus) is seen edge-on as a line.
 *
 * Convention: patient space is LPS. The unit vector from the patient to the detector (image intensifier)
 * at angulation α (LAO positive, RAO negative) and β (CRA positive, CAU negative) is
 *   d(α, β) = (sin α cos β, −cos α cos β, sin β),
 * so AP (0, 0) looks from the anterior (−y), LAO 90 from the patient's left (+x), CRA 90 from the head.
 * A pair is on the curve when d · n = 0 for the plane's normal n, i.e. tan β = −(n_x sin α − n_y cos α) / n_z.
 */
import { rad, type Vec3 } from './geometry.ts';

export interface CArmAngles {
  /** LAO (+) / RAO (−), degrees. */
  lao: number;
  /** CRA (+) / CAU (−), degrees. */
  cra: number;
}

export function detectorDirection({ lao, cra }: CArmAngles): Vec3 {
  const a = rad(lao);
  const b = rad(cra);
  return [Math.sin(a) * Math.cos(b), -Math.cos(a) * Math.cos(b), Math.sin(b)];
}

/** The CRA/CAU angle (−90…90) at which LAO/RAO `lao` views the plane of normal `n` edge-on. */
export function craForLao(n: Vec3, lao: number): number {
  const a = rad(lao);
  const num = -(n[0] * Math.sin(a) - n[1] * Math.cos(a));
  // atan of the ratio, not atan2: n and −n are the same plane, and β stays within ±90°.
  return (Math.atan(num / n[2]) * 180) / Math.PI;
}

/** The projection curve sampled every `step` degrees of LAO/RAO from −`range` to +`range`. */
export function projectionCurve(n: Vec3, range = 60, step = 5): CArmAngles[] {
  const out: CArmAngles[] = [];
  for (let lao = -range; lao <= range + 1e-9; lao += step) out.push({ lao, cra: craForLao(n, lao) });
  return out;
}
