/** The MPR panes (issue 5 §2): the component, and the engine for landmark display and e2e. */

export type { MprLandmark, PaneLandmarkShape } from './landmark-overlay.ts';
export { MprPanes, type MprPanesProps } from './MprPanes.tsx';
export type {
  MprCommand,
  MprEngine,
  MprPaneProjection,
  MprPlaneTarget,
  MprPointer,
  MprSnapshot,
  MprVolumeProps,
} from './mpr-engine.ts';
export type { MprReadout } from './mpr-readout.ts';
export { type InterpolationType, PANE_COLORS, type PaneId, WINDOW_PRESETS } from './mpr-settings.ts';
export type { ToolMode } from './mpr-tools.ts';
