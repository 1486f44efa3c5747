import type { Point3 } from '@cardiomap/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CINE_PHASES_PER_SECOND,
  type CinePane,
  type CinePhase,
  createCinePlayer,
  voxelIndices,
} from './cine-player.ts';
import { PANE_IDS, type PaneId } from './mpr-settings.ts';

const DIMS: [number, number, number] = [4, 4, 4];
const HEADER: CinePhase['header'] = {
  dimensions: DIMS,
  spacing: [1, 1, 1],
  origin: [0, 0, 0],
  direction: [1, 0, 0, 0, 1, 0, 0, 0, 1],
};
/** Lower 0, upper 300: a voxel of 100 is grey 85. */
const LEVELS = { windowCenter: 150, windowWidth: 300 };

/** Phase `n`'s voxels are n × 100 + the slice index k: the frame tells the phase and the plane apart. */
function phase(n: number): CinePhase {
  const voxels = new Int16Array(64).map((_, at) => n * 100 + Math.floor(at / 16));
  return { id: `p${n}`, header: HEADER, voxels };
}

/** Every pane 40 × 40 CSS px over 4 mm: the axial pane cuts slice `axialK`. */
function setup() {
  const frames: { host: string; grey: number }[] = [];
  let axialK = 1;
  const hosts = Object.fromEntries(
    PANE_IDS.map((pane) => {
      const host = document.createElement('div');
      host.dataset.pane = pane;
      const cornerstone = document.createElement('canvas');
      cornerstone.className = 'cornerstone-canvas';
      const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
      host.append(cornerstone, svg);
      document.body.append(host);
      return [pane, host];
    }),
  ) as unknown as Record<PaneId, HTMLElement>;
  const toWorld: Record<PaneId, (c: [number, number]) => Point3> = {
    axial: ([x, y]) => [x / 10, y / 10, axialK],
    coronal: ([x, y]) => [x / 10, 2, 4 - y / 10],
    sagittal: ([x, y]) => [2, x / 10, 4 - y / 10],
  };
  const toWorldCalls = vi.fn();
  let viewChanged: () => void = () => undefined;
  const unsubscribe = vi.fn();
  let now = 0;
  let pending: ((now: number) => void) | null = null;
  const player = createCinePlayer({
    pane: (pane): CinePane => ({
      host: hosts[pane],
      width: 40,
      height: 40,
      toWorld: (canvas) => {
        toWorldCalls(pane);
        return toWorld[pane](canvas);
      },
    }),
    levels: () => LEVELS,
    onViewChange(listener) {
      viewChanged = listener;
      return unsubscribe;
    },
    requestFrame(callback) {
      pending = callback;
      return 1;
    },
    cancelFrame() {
      pending = null;
    },
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    return {
      createImageData: (width: number, height: number) => ({ data: new Uint8ClampedArray(width * height * 4) }),
      putImageData: (image: ImageData) => {
        // The middle pixel of the frame.
        const middle = ((this.height / 2) * this.width + this.width / 2) * 4;
        frames.push({ host: this.parentElement?.dataset.pane ?? '', grey: image.data[middle] as number });
      },
    } as never;
  });
  /** Runs animation frames every 1/60 s for `ms`. */
  function run(ms: number) {
    for (const end = now + ms; now < end; ) {
      now += 1000 / 60;
      const callback = pending;
      pending = null;
      callback?.(now);
    }
  }
  const shown: (string | null)[] = [];
  player.onFrame((id) => shown.push(id));
  return {
    player,
    frames,
    shown,
    hosts,
    run,
    toWorldCalls,
    unsubscribe,
    moveAxial(k: number) {
      axialK = k;
      viewChanged();
    },
    get scheduled() {
      return pending !== null;
    },
  };
}

afterEach(() => {
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

const grey = (value: number) => Math.round((value * 255) / 300);

describe('createCinePlayer (issue 28 §2 cine)', () => {
  it('loops the phases in order from the shown one, in all three panes, at the cine rate', () => {
    const cine = setup();
    cine.player.play([phase(0), phase(1), phase(2)], 'p1');
    cine.run(1000);
    expect(cine.shown.slice(0, 5)).toEqual(['p1', 'p2', 'p0', 'p1', 'p2']);
    // Each frame is one phase in the three panes: the axial pane shows slice 1 of that phase.
    expect(cine.frames.slice(0, 3).map((f) => f.host)).toEqual([...PANE_IDS]);
    expect(
      cine.frames
        .filter((f) => f.host === 'axial')
        .slice(0, 3)
        .map((f) => f.grey),
    ).toEqual([grey(101), grey(201), grey(1)]);
    expect(cine.shown.length).toBeGreaterThanOrEqual(CINE_PHASES_PER_SECOND - 1);
    expect(cine.shown.length).toBeLessThanOrEqual(CINE_PHASES_PER_SECOND + 1);
    expect(cine.player.stats()).toMatchObject({ phasesDrawn: ['p1', 'p2', 'p0'] });
    expect(cine.player.stats().phasesPerSecond).toBeCloseTo(CINE_PHASES_PER_SECOND, 0);
  });

  it('draws over Cornerstone’s canvas and under the crosshairs’ SVG, and says which phase it shows', () => {
    const cine = setup();
    cine.player.play([phase(0), phase(1)], 'p0');
    cine.run(20);
    const children = [...cine.hosts.axial.children];
    expect(children.map((child) => child.getAttribute('class') ?? child.getAttribute('data-testid'))).toEqual([
      'cornerstone-canvas',
      'mpr-cine-frame',
      null,
    ]);
    expect(children[2]?.tagName.toLowerCase()).toBe('svg');
    expect((children[1] as HTMLCanvasElement).dataset.phaseId).toBe('p0');
    expect(cine.player.shownId).toBe('p0');
  });

  it('keeps the planes: it reslices each phase once per plane, and again only after the view changed', () => {
    const cine = setup();
    cine.player.play([phase(0), phase(1)], 'p0');
    cine.run(1000);
    const readsAfterFirstLoop = cine.toWorldCalls.mock.calls.length;
    cine.run(1000);
    // Every tick only compares the plane; no pane's frames were made again.
    const axial = cine.frames.filter((f) => f.host === 'axial').map((f) => f.grey);
    expect(new Set(axial)).toEqual(new Set([grey(1), grey(101)]));
    expect(cine.toWorldCalls.mock.calls.length).toBe(readsAfterFirstLoop);
    // The crosshairs moved the axial plane to slice 3: the frames follow it.
    cine.moveAxial(3);
    cine.frames.length = 0;
    cine.run(200);
    expect(new Set(cine.frames.filter((f) => f.host === 'axial').map((f) => f.grey))).toEqual(
      new Set([grey(3), grey(103)]),
    );
  });

  it('pauses: the frames go, the panes show the selected phase again, and nothing more is drawn', () => {
    const cine = setup();
    cine.player.play([phase(0), phase(1)], 'p0');
    cine.run(200);
    cine.player.pause();
    expect(cine.player.playing).toBe(false);
    expect(cine.player.shownId).toBeNull();
    expect(cine.shown.at(-1)).toBeNull();
    expect(document.querySelectorAll('[data-testid="mpr-cine-frame"]')).toHaveLength(0);
    const drawn = cine.frames.length;
    cine.run(500);
    expect(cine.frames.length).toBe(drawn);
  });

  it('stops for good when destroyed (the panes unmount)', () => {
    const cine = setup();
    cine.player.play([phase(0), phase(1)], 'p0');
    cine.run(100);
    cine.player.destroy();
    expect(cine.scheduled).toBe(false);
    expect(cine.unsubscribe).toHaveBeenCalled();
    expect(document.querySelectorAll('[data-testid="mpr-cine-frame"]')).toHaveLength(0);
  });
});

describe('voxelIndices', () => {
  it('maps each frame pixel to the nearest voxel of the plane, and -1 outside the volume', () => {
    // A 2 × 2 frame over a 40 px pane on the coronal plane y = 2 mm, 0.1 mm per CSS px.
    const indices = voxelIndices(
      HEADER,
      { width: 40, height: 40, toWorld: ([x, y]) => [x / 10, 2, 5 - y / 10] },
      {
        width: 2,
        height: 2,
      },
    );
    // Pixel centres at 10 and 30 px: x 1 and 3 mm; z 4 mm (outside: 4 slices, 0–3) and 2 mm.
    expect([...indices]).toEqual([-1, -1, 1 + 4 * (2 + 4 * 2), 3 + 4 * (2 + 4 * 2)]);
  });
});
