/**
 * Which of the three cusps is which, from their directions in patient space (LPS): the right coronary
 * cusp faces forward (the most anterior, −y), the left coronary cusp lies to the patient's left (+x) of
 * the two posterior ones, the non-coronary cusp to the right, towards the interatrial septum.
 */
import { type PlaneFrame, planeDirection } from './plane-frame.ts';

export type CuspName = 'right' | 'left' | 'non-coronary';
export const CUSP_NAMES: readonly CuspName[] = ['right', 'left', 'non-coronary'];

export function nameCusps(frame: PlaneFrame, angles: readonly number[]): Record<CuspName, number> {
  const dirs = angles.map((theta) => ({ theta, d: planeDirection(frame, theta) }));
  dirs.sort((a, b) => a.d[1] - b.d[1]);
  const [right, p, q] = dirs as [(typeof dirs)[0], (typeof dirs)[0], (typeof dirs)[0]];
  const [left, non] = p.d[0] > q.d[0] ? [p, q] : [q, p];
  return { right: right.theta, left: left.theta, 'non-coronary': non.theta };
}

/** Smallest angle between two directions given as angles (radians, 0..π). */
export function angleBetween(a: number, b: number): number {
  return Math.abs(Math.atan2(Math.sin(a - b), Math.cos(a - b)));
}
