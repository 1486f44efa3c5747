/** Spec §9: the viewer is the window height minus 70 px tall and at least 1110 px wide. */
export const VIEWER_HEIGHT_OFFSET_PX = 70;
export const VIEWER_MIN_WIDTH_PX = 1110;
export const SIDEBAR_WIDTH_PX = 360;
