import type { PaneId } from '../mpr/mpr-settings.ts';

/** Cyan: apart from the panes' red, orange and green and the landmark colours drawn over the same image. */
export const CONTOUR_COLOR = '#00e5ff';

/** The mesh's outline over one pane's image; the mouse passes through to the image. */
export function ContourPaneLayer({ pane, path }: { pane: PaneId; path: string }) {
  return (
    <svg
      aria-hidden
      data-testid={`mpr-${pane}-contour`}
      style={{
        position: 'absolute',
        inset: 0,
        width: '100%',
        height: '100%',
        overflow: 'hidden',
        pointerEvents: 'none',
      }}
    >
      {path && <path d={path} fill="none" stroke={CONTOUR_COLOR} strokeWidth={1.5} strokeLinejoin="round" />}
    </svg>
  );
}
