import { PANE_IDS, type PaneId } from '../mpr/mpr-settings.ts';
import { PANE_AREAS, PANE_GRID, TOOLBAR_MIN_HEIGHT } from '../mpr/pane-grid.ts';
import { SIDEBAR_WIDTH_PX, VIEWER_HEIGHT_OFFSET_PX, VIEWER_MIN_WIDTH_PX } from '../viewer-layout.ts';

/**
 * Where the MPR panes will be once the app has rendered the viewer, drawn before the app exists: a
 * fixed layer over the page, laid out with the same boxes as ShellLayout's app bar, ViewerWorkspace
 * (header, tabs, sidebar) and MprPreviewPanes, so the image does not move when the app's own preview
 * takes over. The heights of the MUI parts are theirs in the default theme (checked in the browser by
 * e2e/specs/viewer-boot.spec.ts against the app's panes).
 */
export const BOOT_LAYOUT = {
  /** MUI Toolbar: 64 px from 600 px wide, 56 below (48 on a landscape phone, which gets 56 here). */
  appBarPx: (viewportWidth: number) => (viewportWidth >= 600 ? 64 : 56),
  /** ViewerHeader: 8 px padding, then the h6 title row. */
  headerPaddingTopPx: 8,
  titleRowPx: 32,
  /** One one-line MUI Alert (body2 line, 8 + 6 px padding each side) and its 4 px margins. */
  alertPx: 48.02,
  alertMarginPx: 4,
  /** The viewer's tabs row (Tabs with minHeight 40 holding Tabs of 12 px padding and a 17.5 px line). */
  tabsPx: 41.5,
} as const;

export interface BootOverlayOptions {
  /** The iframe viewer has no app bar. */
  embedded: boolean;
  /** Alerts ViewerHeader will show (the non-clinical banner and the warnings). */
  alerts: number;
}

export interface BootOverlay {
  /** The element each pane's preview is drawn into. */
  panes: Record<PaneId, HTMLElement>;
  remove(): void;
}

export function createBootOverlay(document: Document, { embedded, alerts }: BootOverlayOptions): BootOverlay {
  const box = (style: Partial<CSSStyleDeclaration>, parent?: HTMLElement) => {
    const element = document.createElement('div');
    Object.assign(element.style, style);
    parent?.append(element);
    return element;
  };
  const top = embedded ? 0 : BOOT_LAYOUT.appBarPx(document.documentElement.clientWidth);
  // Never takes a click: the app's own elements come up beneath it.
  const root = box({
    position: 'fixed',
    left: '0',
    top: `${top}px`,
    width: '100%',
    minWidth: `${VIEWER_MIN_WIDTH_PX}px`,
    height: `calc(100vh - ${VIEWER_HEIGHT_OFFSET_PX}px)`,
    display: 'flex',
    flexDirection: 'column',
    pointerEvents: 'none',
    zIndex: '1200',
  });
  root.dataset.testid = 'boot-preview';
  root.setAttribute('aria-hidden', 'true');
  const header = box({ flex: 'none', paddingTop: `${BOOT_LAYOUT.headerPaddingTopPx}px` }, root);
  box({ height: `${BOOT_LAYOUT.titleRowPx}px` }, header);
  for (let n = 0; n < alerts; n++)
    box({ height: `${BOOT_LAYOUT.alertPx}px`, margin: `${BOOT_LAYOUT.alertMarginPx}px 0` }, header);
  box({ flex: 'none', height: `${BOOT_LAYOUT.tabsPx}px` }, root);
  const row = box({ flex: '1', minHeight: '0', display: 'flex' }, root);
  const view = box({ flex: '1', minWidth: '0', display: 'flex', flexDirection: 'column' }, row);
  box({ flex: 'none', width: `${SIDEBAR_WIDTH_PX}px` }, row);
  box({ flex: 'none', minHeight: `${TOOLBAR_MIN_HEIGHT}px`, background: '#fff' }, view);
  const grid = box(
    { flex: '1', minHeight: '0', display: 'grid', gap: '2px', gridTemplate: PANE_GRID, background: '#000' },
    view,
  );
  const panes = {} as Record<PaneId, HTMLElement>;
  for (const pane of PANE_IDS) {
    const cell = box({ gridArea: PANE_AREAS[pane], position: 'relative', minWidth: '0', minHeight: '0' }, grid);
    panes[pane] = box({ position: 'absolute', inset: '0' }, cell);
    panes[pane].dataset.bootPane = pane;
  }
  document.body.append(root);
  return { panes, remove: () => root.remove() };
}
