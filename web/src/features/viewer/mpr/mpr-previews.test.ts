import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { volumeFileFixture } from '../testing/volume-file-fixture.ts';
import { createMprPreviews, type PreviewSource } from './mpr-previews.ts';
import { levelsOrDefault } from './mpr-settings.ts';

const DIMS: [number, number, number] = [4, 3, 7];

/** The fixture's header and voxels with only the middle slice in. */
function source(direction?: number[]): PreviewSource {
  const { expected } = volumeFileFixture(DIMS);
  const present = new Uint8Array(DIMS[2]);
  present[3] = 1;
  return {
    header: {
      version: 2,
      dimensions: DIMS,
      spacing: [0.5, 0.5, 1.25],
      origin: [-10, -20, 30],
      direction: direction ?? [1, 0, 0, 0, 1, 0, 0, 0, 1],
      dataType: 'int16',
      compression: 'deflate-raw',
      levels: { windowCenter: 40, windowWidth: 400 },
      interpolationType: 0,
      sliceByteLengths: [],
    },
    voxels: expected,
    present,
  };
}

function paneElements() {
  const make = () => {
    const element = document.createElement('div');
    document.body.append(element);
    return element;
  };
  return { coronal: make(), sagittal: make(), axial: make() };
}

const canvases = () => [...document.querySelectorAll('canvas')].map((canvas) => canvas.dataset.testid).sort();
const LEVELS = levelsOrDefault(null);
let drawn: string[];

beforeEach(() => {
  drawn = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => setTimeout(() => callback(0), 0));
  vi.stubGlobal('cancelAnimationFrame', (id: number) => clearTimeout(id));
  // happy-dom lays nothing out and has no 2D canvas: panes get a size, canvases a stand-in context.
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(200);
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    return {
      createImageData: (width: number, height: number) => ({ data: new Uint8ClampedArray(width * height * 4) }),
      putImageData: () => drawn.push(this.dataset.testid ?? ''),
    } as never;
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

describe('the MPR engine previews', () => {
  it('draws a preview over each pane, and redraws only the coronal and sagittal ones as slices arrive', async () => {
    const previews = createMprPreviews();
    expect(previews.show(paneElements(), source(), LEVELS)).toBe(true);
    expect(canvases()).toEqual(['mpr-preview-axial', 'mpr-preview-coronal', 'mpr-preview-sagittal']);
    drawn = [];
    // Two arrivals within a frame: one redraw of each.
    previews.scheduleRedraw(() => LEVELS);
    previews.scheduleRedraw(() => LEVELS);
    await vi.waitFor(() => expect(drawn).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(drawn.sort()).toEqual(['mpr-preview-coronal', 'mpr-preview-sagittal']);
  });

  it('draws none for an oblique volume: Cornerstone draws the first image', () => {
    const previews = createMprPreviews();
    const oblique = source([0.8, 0.6, 0, -0.6, 0.8, 0, 0, 0, 1]);
    expect(previews.show(paneElements(), oblique, LEVELS)).toBe(false);
    expect(drawn.includes('mpr-preview-axial')).toBe(false);
  });

  it('removes them, drops a pending redraw, and moves to a new generation', async () => {
    const previews = createMprPreviews();
    previews.show(paneElements(), source(), LEVELS);
    const generation = previews.generation;
    drawn = [];
    previews.scheduleRedraw(() => LEVELS);
    previews.remove();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(drawn).toEqual([]);
    expect(canvases()).toEqual([]);
    expect(previews.generation).not.toBe(generation);
  });
});
