import { vi } from 'vitest';
import type { SceneRenderer } from '../scene-renderer.ts';

/** A renderer stand-in for happy-dom, which has no WebGL: records calls, draws nothing. */
export function fakeRenderer(): SceneRenderer & { domElement: HTMLCanvasElement } {
  return {
    domElement: document.createElement('canvas'),
    autoClear: true,
    setPixelRatio: vi.fn(),
    setSize: vi.fn(),
    setViewport: vi.fn(),
    setScissor: vi.fn(),
    setScissorTest: vi.fn(),
    clearDepth: vi.fn(),
    render: vi.fn(),
    dispose: vi.fn(),
    forceContextLoss: vi.fn(),
  } as unknown as SceneRenderer & { domElement: HTMLCanvasElement };
}

/** Animation frames run only when the test says so. */
export function manualFrames() {
  const queue = new Map<number, () => void>();
  let next = 1;
  return {
    requestFrame: (callback: () => void) => {
      queue.set(next, callback);
      return next++;
    },
    cancelFrame: (id: number) => queue.delete(id),
    get pending() {
      return queue.size;
    },
    /** Runs frames, including those they ask for, until none is pending; answers how many ran. */
    flush(limit = 200): number {
      let ran = 0;
      while (queue.size && ran < limit) {
        const [id, callback] = queue.entries().next().value!;
        queue.delete(id);
        callback();
        ran++;
      }
      return ran;
    },
  };
}
