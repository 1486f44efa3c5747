import type { PaneId } from './mpr-settings.ts';

/** Spec §2: coronal top-left, sagittal bottom-left, axial on the right across both rows. */
export const PANE_AREAS: Readonly<Record<PaneId, string>> = {
  coronal: 'coronal',
  sagittal: 'sagittal',
  axial: 'axial',
};
export const PANE_GRID = `"coronal axial" 1fr "sagittal axial" 1fr / 2fr 3fr`;
/** The toolbar row's height, so panes drawn before it (the early preview) have the size they will have. */
export const TOOLBAR_MIN_HEIGHT = 48;
