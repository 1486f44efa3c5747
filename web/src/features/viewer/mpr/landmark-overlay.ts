import { isPointOnPlane, type Plane, type Point3 } from '@cardiomap/domain';

/** A landmark as the panes draw it: patient points (mm, LPS) and its view type's colour. */
export interface MprLandmark {
  id: string;
  color: string;
  points: readonly Point3[];
  /** Area and closed curve: the last point joins the first. */
  closed: boolean;
  /** The user may move its points by dragging them in edit mode: the pane draws them as handles. */
  draggable: boolean;
}

/** What one pane draws of a landmark: the points on its plane, in the pane's CSS pixels. */
export interface PaneLandmarkShape {
  id: string;
  color: string;
  /** Points within tolerance of the plane, in order; null where a point is off the plane. */
  points: Array<readonly [number, number] | null>;
  closed: boolean;
  draggable: boolean;
}

/**
 * Spec §5/§9: a landmark point shows in a pane only within 0.5 mm of the pane's plane. Points off the
 * plane stay as gaps, so a line is drawn only between neighbours that both show.
 */
export function paneShapes(
  landmarks: readonly MprLandmark[],
  plane: Plane,
  toCanvas: (point: Point3) => readonly [number, number],
): PaneLandmarkShape[] {
  const shapes: PaneLandmarkShape[] = [];
  for (const landmark of landmarks) {
    const points = landmark.points.map((point) => (isPointOnPlane(point, plane) ? toCanvas(point) : null));
    if (points.some((point) => point !== null)) {
      const { id, color, closed, draggable } = landmark;
      shapes.push({ id, color, points, closed, draggable });
    }
  }
  return shapes;
}

/** SVG path data: a move to each visible run's first point, lines along the run, the closing line if whole. */
export function shapePath(shape: PaneLandmarkShape): string {
  let path = '';
  let drawing = false;
  for (const point of shape.points) {
    if (!point) {
      drawing = false;
      continue;
    }
    path += `${drawing ? 'L' : 'M'}${point[0].toFixed(1)} ${point[1].toFixed(1)} `;
    drawing = true;
  }
  const whole = shape.points.length > 2 && shape.points.every((point) => point !== null);
  return (shape.closed && whole ? `${path}Z` : path).trim();
}
