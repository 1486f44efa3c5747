import type { Point3, SectionPolyline } from '@cardiomap/domain';

/**
 * SVG path data for the cut polylines, in the pane's CSS pixels: one subpath per polyline, closed
 * rings with Z. Tenths of a pixel are finer than the screen shows and keep the strings short.
 */
export function sectionPath(
  polylines: readonly SectionPolyline[],
  toCanvas: (point: Point3) => readonly [number, number],
): string {
  const parts: string[] = [];
  for (const { points, closed } of polylines) {
    if (points.length < 2) continue;
    const coordinates = points.map((point) => {
      const [x, y] = toCanvas(point);
      return `${x.toFixed(1)} ${y.toFixed(1)}`;
    });
    parts.push(`M${coordinates.join('L')}${closed ? 'Z' : ''}`);
  }
  return parts.join('');
}
