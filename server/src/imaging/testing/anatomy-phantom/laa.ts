/**
 * The left atrial appendage: an elliptic neck leaving the LA along the LA's outward normal, its ostium a
 * plane ellipse 2 mm beyond the LA's tangent plane (the LA is convex, so nothing of it crosses the
 * ostium plane), then lobes made of capsules in one of four morphologies. Everything of the appendage
 * lies on the far side of the ostium plane, so the ostium's truth is exactly the neck's ellipse.
 */
import {
  add,
  cross,
  dot,
  type EllipseMeasures,
  ellipseMeasures,
  type Frame,
  lerp,
  normalize,
  scale,
  segmentDistance,
  sub,
  toLocal,
  toWorld,
  type Vec3,
} from './geometry.ts';
import type { Ellipsoid } from './shapes.ts';
import type { AnatomyVariant, LaaMorphology } from './variant.ts';

interface Capsule {
  a: Vec3;
  b: Vec3;
  r: number;
}

export interface LaaModel {
  /** Ostium frame: origin the ostium centre, z the normal into the appendage, x the major axis. */
  ostium: Frame;
  semi: [number, number];
  neckLength: number;
  capsules: Capsule[];
  /** Inside the appendage (beyond the ostium plane). */
  inside(p: Vec3): boolean;
  /** Inside the neck part on the atrial side (labelled LA), from 10 mm before the ostium plane. */
  insideAtrialNeck(p: Vec3): boolean;
  /** Fraction 0 (ostium) … 1 (deepest point) of the depth, for a poorly filled appendage's HU. */
  depthFraction(p: Vec3): number;
  truth: LaaTruth;
}

export interface LaaTruth {
  ostiumCentre: Vec3;
  ostiumNormal: Vec3;
  ostiumMajorAxis: Vec3;
  ostium: EllipseMeasures;
  /** Largest distance of the appendage from the ostium plane (mm). */
  depth: number;
  morphology: LaaMorphology;
  tip: Vec3;
}

const NECK_BEHIND = 10;

export function laaModel(v: AnatomyVariant, la: Ellipsoid, heart: Frame): LaaModel {
  // Leaves the LA towards the patient's left, anterior and up (heart frame), where the real one lies.
  const jitter = v.laaShape[3]! - 0.5;
  const direction = normalize(sub(toWorld(heart, [0.75, 0.5 + 0.3 * jitter, 0.35]), toWorld(heart, [0, 0, 0])));
  const q = toLocal({ ...la.frame, origin: [0, 0, 0] }, direction);
  const scaleToSurface = 1 / Math.hypot(q[0] / la.semi[0], q[1] / la.semi[1], q[2] / la.semi[2]);
  const surface = add(la.frame.origin, scale(direction, scaleToSurface));
  const s = toLocal(la.frame, surface);
  const gradientLocal: Vec3 = [s[0] / la.semi[0] ** 2, s[1] / la.semi[1] ** 2, s[2] / la.semi[2] ** 2];
  const normal = normalize(toWorld({ ...la.frame, origin: [0, 0, 0] }, gradientLocal));
  const centre = add(surface, scale(normal, 2));
  const major = normalize(cross(normal, heart.z));
  const ostium: Frame = { origin: centre, x: major, y: cross(normal, major), z: normal };
  const a = v.laaOstiumMax / 2;
  const b = a * v.laaOstiumRatio;
  const neckLength = v.laaNeck;
  const [s0, s1, s2] = v.laaShape as [number, number, number, number];
  const r0 = Math.min(0.9 * b, neckLength - 0.5);
  const o = (x: number, y: number, z: number) => toWorld(ostium, [x, y, z]);
  const capsules: Capsule[] = [];
  const chain = (points: Vec3[], radii: number[]) => {
    for (let i = 0; i < points.length - 1; i++)
      capsules.push({ a: points[i]!, b: points[i + 1]!, r: Math.min(radii[i]!, radii[i + 1]!) });
  };
  const start: Vec3 = [0, 0, neckLength];
  const morphology = v.laaMorphology;
  if (morphology === 'windsock') {
    const length = lerp(20, 32, s0);
    const bend = lerp(-6, 6, s1);
    const pts: Vec3[] = [];
    const radii: number[] = [];
    for (let i = 0; i <= 8; i++) {
      const t = i / 8;
      pts.push(o(bend * t * t, 0, neckLength + length * t));
      radii.push(r0 * lerp(1, 0.45, t));
    }
    chain(pts, radii);
  } else if (morphology === 'chicken-wing') {
    const first = lerp(8, 14, s0);
    const angle = (lerp(95, 120, s1) * Math.PI) / 180;
    const elbow: Vec3 = [0, 0, neckLength + first];
    let second = lerp(15, 25, s2);
    const r1 = 0.8 * r0;
    const r2 = 0.5 * r0;
    // Shorten the bent lobe until no part of it comes back across the ostium plane.
    while (second > 5 && elbow[2] + second * Math.cos(angle) - r2 < 0.5) second -= 1;
    const tip: Vec3 = [second * Math.sin(angle), 0, elbow[2] + second * Math.cos(angle)];
    chain([o(...start), o(...elbow)], [r0, r0]);
    chain([o(...elbow), o((tip[0] + elbow[0]) / 2, 0, (tip[2] + elbow[2]) / 2), o(...tip)], [r1, r1, r2]);
  } else if (morphology === 'cactus') {
    const length = lerp(18, 25, s0);
    chain([o(...start), o(0, 0, neckLength + length / 2), o(0, 0, neckLength + length)], [r0, 0.8 * r0, 0.6 * r0]);
    const mid = neckLength + length * lerp(0.35, 0.6, s1);
    for (const side of [1, -1]) {
      const sideLength = lerp(8, 12, s2);
      const dir = normalize([side * 1, side * 0.3, 0.35]);
      chain(
        [o(0, 0, mid), o(dir[0] * sideLength, dir[1] * sideLength, mid + dir[2] * sideLength)],
        [0.5 * r0, 0.5 * r0],
      );
    }
  } else {
    const length = lerp(8, 14, s0);
    chain([o(...start), o(0, 0, neckLength + length)], [r0, r0]);
    const count = 4 + Math.round(s1);
    for (let i = 0; i < count; i++) {
      const phi = (2 * Math.PI * i) / count + s2;
      const c: Vec3 = [0.6 * r0 * Math.cos(phi), 0.6 * r0 * Math.sin(phi), neckLength + length + 0.3 * r0];
      capsules.push({ a: o(...c), b: o(...c), r: lerp(0.45, 0.6, (i * 0.37 + s2) % 1) * r0 });
    }
  }
  const t = (p: Vec3) => dot(sub(p, centre), normal);
  let depth = neckLength;
  let tip = o(0, 0, neckLength);
  for (const c of capsules)
    for (const e of [c.a, c.b]) {
      const d = t(e) + c.r;
      if (d > depth) {
        depth = d;
        tip = add(e, scale(normal, c.r));
      }
    }
  const inNeck = (p: Vec3, from: number, to: number) => {
    const l = toLocal(ostium, p);
    return l[2] >= from && l[2] <= to && (l[0] / a) ** 2 + (l[1] / b) ** 2 <= 1;
  };
  return {
    ostium,
    semi: [a, b],
    neckLength,
    capsules,
    inside(p) {
      if (t(p) < 0) return false;
      if (inNeck(p, 0, neckLength)) return true;
      return capsules.some((c) => segmentDistance(p, c.a, c.b).distance <= c.r);
    },
    insideAtrialNeck: (p) => inNeck(p, -NECK_BEHIND, 0),
    depthFraction: (p) => Math.min(1, Math.max(0, t(p) / depth)),
    truth: {
      ostiumCentre: centre,
      ostiumNormal: normal,
      ostiumMajorAxis: major,
      ostium: ellipseMeasures(a, b),
      depth,
      morphology,
      tip,
    },
  };
}

/** Bounding box of the appendage and its atrial neck. */
export function laaBox(m: LaaModel): { min: Vec3; max: Vec3 } {
  const pts: { p: Vec3; r: number }[] = m.capsules.flatMap((c) => [
    { p: c.a, r: c.r },
    { p: c.b, r: c.r },
  ]);
  const rim = Math.max(...m.semi);
  pts.push(
    { p: toWorld(m.ostium, [0, 0, -NECK_BEHIND]), r: rim },
    { p: toWorld(m.ostium, [0, 0, m.neckLength]), r: rim },
  );
  const min: Vec3 = [Infinity, Infinity, Infinity];
  const max: Vec3 = [-Infinity, -Infinity, -Infinity];
  for (const { p, r } of pts)
    for (let j = 0; j < 3; j++) {
      min[j] = Math.min(min[j]!, p[j]! - r);
      max[j] = Math.max(max[j]!, p[j]! + r);
    }
  return { min, max };
}
