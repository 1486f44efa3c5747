import {
  CrosshairsTool,
  PanTool,
  StackScrollTool,
  Enums as ToolEnums,
  ToolGroupManager,
  type Types as ToolTypes,
  WindowLevelTool,
  ZoomTool,
} from '@cornerstonejs/tools';
import { PANE_COLORS, PANE_IDS, type PaneId, ZOOM_MAX, ZOOM_MIN } from './mpr-settings.ts';

export type ToolMode = 'crosshairs' | 'windowLevel' | 'pan' | 'zoom';
export const TOOL_MODES: readonly ToolMode[] = ['crosshairs', 'windowLevel', 'pan', 'zoom'];

type ToolGroup = ToolTypes.IToolGroup;
const { MouseBindings, KeyboardBindings } = ToolEnums;

/** The left button's tool in each mode; the others keep their own buttons in every mode. */
const PRIMARY_TOOL: Record<ToolMode, string> = {
  crosshairs: CrosshairsTool.toolName,
  windowLevel: WindowLevelTool.toolName,
  pan: PanTool.toolName,
  zoom: ZoomTool.toolName,
};

/** Buttons a tool keeps whatever the mode: wheel scrolls, middle or ctrl-drag pans, right-drag zooms. */
const FIXED_BINDINGS: Record<string, ToolTypes.IToolBinding[]> = {
  [StackScrollTool.toolName]: [{ mouseButton: MouseBindings.Wheel }],
  [PanTool.toolName]: [
    { mouseButton: MouseBindings.Auxiliary },
    { mouseButton: MouseBindings.Primary, modifierKey: KeyboardBindings.Ctrl },
  ],
  [ZoomTool.toolName]: [{ mouseButton: MouseBindings.Secondary }],
  [WindowLevelTool.toolName]: [],
};

/** The panes' tools for one rendering engine: what the left button does, and the crosshairs. */
export interface MprTools {
  setMode(mode: ToolMode): void;
  /**
   * While landmark points are being placed, a click is the placer's: the crosshairs stay drawn but
   * the left button no longer moves them (their tool jumps to a press, which moved the other panes).
   */
  setPlacing(placing: boolean): void;
  /** The crosshairs back to where the panes' centres cross. */
  resetCrosshairs(): void;
  destroy(): void;
}

/**
 * The tool group of the three panes of `renderingEngineId` (wheel scrolls, middle or ctrl-drag pans,
 * right-drag zooms, the left button as `mode` says; crosshairs drawn in every mode), until destroyed.
 */
export function createMprTools(renderingEngineId: string, mode: ToolMode, placing = false): MprTools {
  const toolGroupId = `${renderingEngineId}-tools`;
  const group = createToolGroup(toolGroupId, renderingEngineId, PANE_IDS);
  let current = { mode, placing };
  applyToolMode(group, current.mode, current.placing);
  let destroyed = false;
  const apply = (next: typeof current) => {
    if (destroyed || (next.mode === current.mode && next.placing === current.placing)) return;
    current = next;
    applyToolMode(group, next.mode, next.placing);
  };
  return {
    setMode(next) {
      apply({ ...current, mode: next });
    },
    setPlacing(next) {
      apply({ ...current, placing: next });
    },
    resetCrosshairs() {
      if (destroyed) return;
      const tool = group.getToolInstance(CrosshairsTool.toolName) as { resetCrosshairs?: () => void } | undefined;
      tool?.resetCrosshairs?.();
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      ToolGroupManager.destroyToolGroup(toolGroupId);
    },
  };
}

function createToolGroup(toolGroupId: string, renderingEngineId: string, panes: readonly PaneId[]): ToolGroup {
  const group = ToolGroupManager.createToolGroup(toolGroupId);
  if (!group) throw new Error(`tool group ${toolGroupId} exists already`);
  group.addTool(StackScrollTool.toolName);
  group.addTool(PanTool.toolName);
  // The tool's own limit is relative to the fitted image, as spec §9's zoom 1–50 is; the engine clamps too.
  group.addTool(ZoomTool.toolName, { minZoomScale: ZOOM_MIN, maxZoomScale: ZOOM_MAX });
  group.addTool(WindowLevelTool.toolName);
  group.addTool(CrosshairsTool.toolName, {
    getReferenceLineColor: (viewportId: string) => PANE_COLORS[viewportId as PaneId] ?? 'white',
    getReferenceLineControllable: () => true,
    // Rotate handles give the oblique reslicing; slab thickness stays off (one-voxel slices only).
    getReferenceLineDraggableRotatable: () => true,
    getReferenceLineSlabThicknessControlsOn: () => false,
  });
  for (const pane of panes) group.addViewport(pane, renderingEngineId);
  return group;
}

/** Rebinds the left button; set from scratch because setToolActive adds to a tool's old bindings. */
function applyToolMode(group: ToolGroup, mode: ToolMode, placing: boolean): void {
  for (const [toolName, fixed] of Object.entries(FIXED_BINDINGS)) {
    group.setToolPassive(toolName, { removeAllBindings: true });
    const bindings = PRIMARY_TOOL[mode] === toolName ? [...fixed, { mouseButton: MouseBindings.Primary }] : fixed;
    if (bindings.length > 0) group.setToolActive(toolName, { bindings });
  }
  // Crosshairs stay drawn in every mode; only in their own mode, and not while points are being
  // placed, can the left button move them. (The other modes' drags move no crosshairs.)
  if (mode === 'crosshairs' && !placing)
    group.setToolActive(CrosshairsTool.toolName, { bindings: [{ mouseButton: MouseBindings.Primary }] });
  else group.setToolEnabled(CrosshairsTool.toolName);
}
