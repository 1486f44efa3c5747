/**
 * The ascending aorta's section 25 mm above the sinotubular junction, on the root's axis carried on
 * upwards (the ascending aorta leaves the root along it), cut perpendicular to the aorta there: the
 * plane through that point whose lumen section is smallest, as a tube's perpendicular cut is.
 *
 * Why not follow a centreline: the aorta turns towards the arch about there, so plane-by-plane
 * tracking overshot into oblique cuts, and slabs along the annulus normal cut across the bend.
 */
import type { Vec3 } from '../../types.ts';
import { add, scale } from '../../volume/vector.ts';
import { ANATOMY_LABEL as L } from './labels.ts';
import { type PlaneFrame, planeFrame } from './plane-frame.ts';
import { measureSection, type Section } from './section.ts';
import { type LabelledVolume, labelSet, membership, nearestLabel } from './volume.ts';

export function ascendingAortaSection(
  v: LabelledVolume,
  stj: PlaneFrame,
  aboveStj: number,
): Section | { missing: string } {
  const lumen = labelSet([L.aorticRoot, L.aorta]);
  const inside = membership(v, lumen);
  const options = { inside, labelAt: nearestLabel(v), rejectLabels: labelSet([L.calcium]), maxRadius: 45 };
  const centre = add(stj.centre, scale(stj.normal, aboveStj));
  if (inside(centre) < 0.5)
    return { missing: 'no aorta on the root’s axis 25 mm above the STJ (scan ends or the aorta turns)' };
  const n = stj.normal;
  const u = stj.u;
  const w = stj.v;
  const direction = (tilt: number, azimuth: number): Vec3 => {
    const s = Math.sin(tilt);
    return add(scale(n, Math.cos(tilt)), add(scale(u, s * Math.cos(azimuth)), scale(w, s * Math.sin(azimuth))));
  };
  let best: { area: number; tilt: number; azimuth: number; section: Section } | null = null;
  const tryPlane = (tilt: number, azimuth: number) => {
    const section = measureSection(planeFrame(centre, direction(tilt, azimuth)), options, false);
    if (section && (!best || section.measures.area < best.area))
      best = { area: section.measures.area, tilt, azimuth, section };
  };
  const deg = Math.PI / 180;
  tryPlane(0, 0);
  for (let tilt = 10; tilt <= 80; tilt += 10) for (let az = 0; az < 360; az += 20) tryPlane(tilt * deg, az * deg);
  for (const [range, step] of [
    [10, 2.5],
    [2.5, 0.5],
  ] as const) {
    const b = best as { tilt: number; azimuth: number } | null;
    if (!b) break;
    const { tilt, azimuth } = b;
    for (let dt = -range; dt <= range; dt += step)
      for (let da = -2 * range; da <= 2 * range; da += 2 * step)
        tryPlane(Math.max(0, tilt + dt * deg), azimuth + da * deg);
  }
  const b = best as { tilt: number; azimuth: number } | null;
  if (!b) return { missing: 'no closed section of the ascending aorta there' };
  return (
    measureSection(planeFrame(centre, direction(b.tilt, b.azimuth)), options) ?? {
      missing: 'no closed section of the ascending aorta there',
    }
  );
}
