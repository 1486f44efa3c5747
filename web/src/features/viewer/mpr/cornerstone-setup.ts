import { init as initCore } from '@cornerstonejs/core';
import {
  addTool,
  CrosshairsTool,
  init as initTools,
  PanTool,
  StackScrollTool,
  WindowLevelTool,
  ZoomTool,
} from '@cornerstonejs/tools';
import { PIXEL_RATIO_CAP } from './mpr-settings.ts';

let ready = false;

/** Cornerstone3D's global set-up, once per page, however many engines come and go. */
export function ensureCornerstone(): void {
  if (ready) return;
  capDevicePixelRatio(PIXEL_RATIO_CAP);
  initCore();
  initTools();
  for (const tool of [CrosshairsTool, StackScrollTool, PanTool, ZoomTool, WindowLevelTool]) addTool(tool);
  ready = true;
}

/**
 * Spec §9 caps the pixel ratio at 2. Cornerstone3D reads window.devicePixelRatio wherever it sizes a
 * canvas or maps canvas to world, so the cap has to be on that property or the mapping would disagree
 * with the canvas size. A 3× screen still gets a sharp image; the GPU draws less than half the pixels.
 */
function capDevicePixelRatio(cap: number): void {
  const native = Object.getOwnPropertyDescriptor(Window.prototype, 'devicePixelRatio')?.get;
  if (!native) return;
  Object.defineProperty(window, 'devicePixelRatio', {
    configurable: true,
    get: () => Math.min(cap, native.call(window) as number),
  });
}
