import { add, cross, dot, normalize, type Point3, scale } from './geometry.ts';

/** Analytic shapes for the geometry tests, drawn in the z = 0 plane, and a rigid motion to tilt them. */

export const ellipse = (a: number, b: number, count: number, phase = 0): Point3[] =>
  Array.from({ length: count }, (_, i) => {
    const t = phase + (2 * Math.PI * i) / count;
    return [a * Math.cos(t), b * Math.sin(t), 0];
  });

export const circle = (radius: number, count: number): Point3[] => ellipse(radius, radius, count);

/** A rotation by `degrees` about `axis` (Rodrigues) followed by a translation. */
export const rigidMotion =
  (axis: Point3, degrees: number, translation: Point3) =>
  (point: Point3): Point3 => {
    const k = normalize(axis) as Point3;
    const angle = (degrees * Math.PI) / 180;
    const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
    const rotated = add(add(scale(point, cos), scale(cross(k, point), sin)), scale(k, dot(k, point) * (1 - cos)));
    return add(rotated, translation);
  };

/** An oblique plane far from the origin, as the aortic annulus lies in a CT volume. */
export const OBLIQUE = rigidMotion([0.3, -0.7, 0.55], 37, [-112.4, 85.2, 1432.6]);
