/**
 * Orientation letters at a pane's edges, from its camera, so they stay right after an oblique rotation.
 * Vectors are in patient LPS (DICOM): +x towards the patient's left, +y posterior, +z head.
 * Cornerstone's viewPlaneNormal points from the slice towards the viewer, so screen right is
 * viewUp × viewPlaneNormal.
 */
export type Vec3 = readonly [number, number, number];

export interface OrientationLabels {
  top: string;
  bottom: string;
  left: string;
  right: string;
}

/**
 * A direction names an axis when it leans that way by more than ~15°; smaller components are noise
 * from a slight tilt and would only clutter the label.
 */
export const OBLIQUE_COMPONENT_THRESHOLD = 0.25;

type Pair = readonly [positive: string, negative: string];
const LETTERS: readonly [Pair, Pair, Pair] = [
  ['L', 'R'],
  ['P', 'A'],
  ['H', 'F'],
];

/** Letters for one patient direction, strongest component first: [0, -1, 0] → 'A'; [0.7, 0.7, 0] → 'LP'. */
export function directionLabel(direction: Vec3): string {
  const length = Math.hypot(direction[0], direction[1], direction[2]);
  if (length === 0) return '';
  return ([0, 1, 2] as const)
    .map((axis) => ({ axis, value: direction[axis] / length }))
    .filter(({ value }) => Math.abs(value) > OBLIQUE_COMPONENT_THRESHOLD)
    .sort((a, b) => Math.abs(b.value) - Math.abs(a.value))
    .map(({ axis, value }) => LETTERS[axis][value > 0 ? 0 : 1])
    .join('');
}

export function cross(a: Vec3, b: Vec3): [number, number, number] {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}

export function orientationLabels(viewUp: Vec3, viewPlaneNormal: Vec3): OrientationLabels {
  const right = cross(viewUp, viewPlaneNormal);
  const negate = (v: Vec3): Vec3 => [-v[0], -v[1], -v[2]];
  return {
    top: directionLabel(viewUp),
    bottom: directionLabel(negate(viewUp)),
    right: directionLabel(right),
    left: directionLabel(negate(right)),
  };
}
