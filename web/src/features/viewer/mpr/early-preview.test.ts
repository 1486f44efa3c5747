import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { volumeFileFixture } from '../testing/volume-file-fixture.ts';
import { startEarlyPreview } from './early-preview.ts';
import { afterFirstImage, resetFirstImageGate } from './first-image-gate.ts';
import { startVolumeDownload, type VolumeDownload } from './volume-download.ts';

const DIMS: [number, number, number] = [4, 3, 7];

function volumeServer() {
  const { file } = volumeFileFixture(DIMS);
  return (async (_url: unknown, init?: RequestInit) => {
    const range = new Headers(init?.headers).get('Range') ?? '';
    const [, from = '0', to = ''] = /^bytes=(\d+)-(\d*)$/.exec(range) ?? [];
    const end = to ? Math.min(Number(to), file.length - 1) : file.length - 1;
    return new Response(file.slice(Number(from), end + 1), { status: 206 });
  }) as typeof fetch;
}

/** Pane elements with a size (jsdom lays nothing out). */
function paneElements() {
  const make = () => {
    const element = document.createElement('div');
    Object.defineProperty(element, 'clientWidth', { value: 300 });
    Object.defineProperty(element, 'clientHeight', { value: 200 });
    document.body.append(element);
    return element;
  };
  return { coronal: make(), sagittal: make(), axial: make() };
}

/** The downloads a test started, stopped after it. */
const downloads: VolumeDownload[] = [];
const download = (url: string, fetchFn: typeof fetch) => {
  const started = startVolumeDownload(url, fetchFn);
  downloads.push(started);
  return started;
};

/** Which preview canvases had an image put into them, in order (jsdom has no 2D canvas). */
let drawn: string[];
const gateOpen = async () => {
  let open = false;
  void afterFirstImage(60_000).then(() => {
    open = true;
  });
  await new Promise((resolve) => setTimeout(resolve, 0));
  return open;
};

beforeEach(() => {
  drawn = [];
  resetFirstImageGate();
  performance.clearMarks();
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => setTimeout(() => callback(0), 0));
  vi.stubGlobal('cancelAnimationFrame', (id: number) => clearTimeout(id));
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    return {
      createImageData: (width: number, height: number) => ({ data: new Uint8ClampedArray(width * height * 4) }),
      putImageData: () => drawn.push(this.dataset.testid ?? ''),
    } as never;
  });
});
afterEach(() => {
  for (const started of downloads.splice(0)) started.abort();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

describe('startEarlyPreview', () => {
  it('draws the three panes from the downloaded slices, marks the first frame once and opens the chunk gate', async () => {
    const volume = download('/v/a.cmvol', volumeServer());
    const elements = paneElements();
    expect(await gateOpen()).toBe(false);
    const settled = vi.fn();
    const stop = startEarlyPreview(volume, elements, { onSettled: settled });
    await vi.waitFor(() => expect(performance.getEntriesByName('cm:mpr:first-frame')).toHaveLength(1));
    expect(settled.mock.calls).toEqual([[true]]);
    expect(await gateOpen()).toBe(true);
    expect(drawn.slice(0, 3).sort()).toEqual(['mpr-preview-axial', 'mpr-preview-coronal', 'mpr-preview-sagittal']);
    for (const element of Object.values(elements)) expect(element.querySelector('canvas')).not.toBeNull();
    // The engine taking over finds the first frame claimed: no second mark.
    await volume.adopt({ begin() {}, slicesLoaded() {} }, new AbortController().signal);
    expect(volume.claimFirstFrame()).toBe(false);
    stop();
    for (const element of Object.values(elements)) expect(element.querySelector('canvas')).toBeNull();
    expect(performance.getEntriesByName('cm:mpr:first-frame')).toHaveLength(1);
  });

  it('opens the gate at once when the download has ended already, drawing nothing', async () => {
    const settled = vi.fn();
    const ended = download('/v/none.cmvol', volumeServer());
    ended.abort();
    const stop = startEarlyPreview(ended, paneElements(), { onSettled: settled });
    expect(await gateOpen()).toBe(true);
    expect(settled.mock.calls).toEqual([[false]]);
    expect(drawn).toEqual([]);
    expect(performance.getEntriesByName('cm:mpr:first-frame')).toHaveLength(0);
    stop();
  });

  it('opens the gate when the download fails, leaving the error to the engine', async () => {
    const gone = download('/v/gone.cmvol', (async () => new Response('', { status: 404 })) as typeof fetch);
    const settled = vi.fn();
    startEarlyPreview(gone, paneElements(), { onSettled: settled });
    await vi.waitFor(async () => expect(await gateOpen()).toBe(true));
    expect(settled.mock.calls).toEqual([[false]]);
    expect(drawn).toEqual([]);
  });

  it('opens the gate without drawing for a volume it cannot preview (no room to draw)', async () => {
    const volume = download('/v/b.cmvol', volumeServer());
    const empty = { coronal: document.createElement('div'), sagittal: null, axial: document.createElement('div') };
    startEarlyPreview(volume, empty);
    await vi.waitFor(async () => expect(await gateOpen()).toBe(true));
    expect(drawn).toEqual([]);
    expect(performance.getEntriesByName('cm:mpr:first-frame')).toHaveLength(0);
  });
});
