import { C_ARM_PRESETS, formatCArmAngles } from '@cardiomap/domain';
import { BoxGeometry, type BufferGeometry } from 'three';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SceneObjectLoadError } from './load-mesh.ts';
import { NO_WEBGL_MESSAGE, SceneEngine } from './scene-engine.ts';
import type { SceneObjectSpec } from './scene-types.ts';
import { fakeRenderer, manualFrames } from './testing/fake-renderer.ts';
import { sceneObject } from './testing/scene-fixtures.ts';

/** A load the test finishes by hand. */
interface PendingLoad {
  spec: Pick<SceneObjectSpec, 'url' | 'filename'>;
  signal: AbortSignal;
  resolve(geometries: BufferGeometry[]): void;
  reject(error: unknown): void;
}

function setUp(devicePixelRatio = 1) {
  const loads: PendingLoad[] = [];
  const frames = manualFrames();
  const renderer = fakeRenderer();
  const engine = new SceneEngine({
    createRenderer: () => renderer,
    requestFrame: frames.requestFrame,
    cancelFrame: frames.cancelFrame,
    devicePixelRatio: () => devicePixelRatio,
    loadObject: (spec, signal) =>
      new Promise((resolve, reject) => {
        loads.push({ spec, signal, resolve, reject });
      }),
  });
  const container = document.createElement('div');
  document.body.append(container);
  return { engine, loads, frames, renderer, container };
}

/** A 20 mm cube centred at (x, 0, 0). */
const cube = (x = 0) => [new BoxGeometry(20, 20, 20).translate(x, 0, 0)];
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

let consoleWarn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  document.body.innerHTML = '';
});

describe('SceneEngine objects', () => {
  it('loads each object once and reports it ready', async () => {
    const { engine, loads, container } = setUp();
    engine.attach(container);
    engine.setObjects([sceneObject({ id: 'aorta' }), sceneObject({ id: 'valve', filename: 'valve.ply' })]);
    expect(loads.map((load) => load.spec.filename)).toEqual(['aorta.stl', 'valve.ply']);
    expect(engine.getSnapshot().objects).toEqual({ aorta: { state: 'loading' }, valve: { state: 'loading' } });
    loads[0]!.resolve(cube());
    await settle();
    expect(engine.getSnapshot().objects.aorta).toEqual({ state: 'ready' });
  });

  it('restyles without loading again when a property changes', async () => {
    const { engine, loads, container } = setUp();
    engine.attach(container);
    engine.setObjects([sceneObject()]);
    loads[0]!.resolve(cube());
    await settle();
    engine.setObjects([sceneObject({ opacity: 0.4, color: '#00ff00' })]);
    expect(loads).toHaveLength(1);
    expect(engine.getSnapshot().objects.aorta).toEqual({ state: 'ready' });
  });

  it('publishes nothing when handed an equal list again, as on every page render', async () => {
    const { engine, loads, container } = setUp();
    engine.attach(container);
    engine.setObjects([sceneObject()]);
    loads[0]!.resolve(cube());
    await settle();
    const snapshot = engine.getSnapshot();
    engine.setObjects([sceneObject({ url: 'http://localhost:8080/files/aorta.stl?resigned=1' })]);
    engine.setLandmarks([]);
    expect(engine.getSnapshot()).toBe(snapshot);
    expect(loads).toHaveLength(1);
  });

  it('reports a failed object with its message and keeps the others', async () => {
    const { engine, loads, container } = setUp();
    engine.attach(container);
    engine.setObjects([sceneObject({ id: 'a' }), sceneObject({ id: 'b' })]);
    loads[0]!.reject(new SceneObjectLoadError('Could not read a.stl as STL.'));
    loads[1]!.reject(new TypeError('network down'));
    loads.length = 0;
    await settle();
    expect(engine.getSnapshot().objects).toEqual({
      a: { state: 'error', message: 'Could not read a.stl as STL.' },
      b: { state: 'error', message: 'Could not show this object.' },
    });
    expect(consoleWarn).toHaveBeenCalledTimes(2);
  });

  it('frees a removed object and forgets its status', async () => {
    const { engine, loads, container } = setUp();
    engine.attach(container);
    engine.setObjects([sceneObject()]);
    const geometries = cube();
    const dispose = vi.spyOn(geometries[0]!, 'dispose');
    loads[0]!.resolve(geometries);
    await settle();
    engine.setObjects([]);
    expect(dispose).toHaveBeenCalled();
    expect(engine.getSnapshot().objects).toEqual({});
  });

  it('discards a load overtaken by a newer file for the same object', async () => {
    const { engine, loads, container } = setUp();
    engine.attach(container);
    engine.setObjects([sceneObject({ url: 'http://files/v1.stl' })]);
    engine.setObjects([sceneObject({ url: 'http://files/v2.stl' })]);
    expect(loads[0]!.signal.aborted).toBe(true);
    const stale = cube();
    const dispose = vi.spyOn(stale[0]!, 'dispose');
    loads[0]!.resolve(stale);
    await settle();
    expect(dispose).toHaveBeenCalled();
    expect(engine.getSnapshot().objects.aorta).toEqual({ state: 'loading' });
  });

  it('loads only while attached: a StrictMode remount restarts the cancelled load once', async () => {
    const { engine, loads, container } = setUp();
    engine.setObjects([sceneObject()]);
    expect(loads).toHaveLength(0);
    engine.attach(container);
    engine.detach();
    engine.attach(container);
    expect(loads).toHaveLength(2);
    expect(loads[0]!.signal.aborted).toBe(true);
    loads[0]!.resolve(cube());
    loads[1]!.resolve(cube());
    await settle();
    expect(engine.getSnapshot().objects.aorta).toEqual({ state: 'ready' });
  });

  it('keeps loaded surfaces across detach and attach', async () => {
    const { engine, loads, container } = setUp();
    engine.attach(container);
    engine.setObjects([sceneObject()]);
    loads[0]!.resolve(cube());
    await settle();
    engine.detach();
    engine.attach(container);
    expect(loads).toHaveLength(1);
  });

  it('ignores loads that finish after destroy', async () => {
    const { engine, loads, container } = setUp();
    engine.attach(container);
    engine.setObjects([sceneObject()]);
    const listener = vi.fn();
    engine.subscribe(listener);
    engine.destroy();
    loads[0]!.resolve(cube());
    await settle();
    expect(listener).not.toHaveBeenCalled();
    expect(container.querySelector('canvas')).toBeNull();
  });
});

describe('SceneEngine camera', () => {
  it('starts in AP and aligns to a C-arm angulation', () => {
    const { engine, container } = setUp();
    engine.attach(container);
    expect(engine.getSnapshot().angles).toEqual({ laoRao: 0, cranCaud: 0 });
    engine.command({ type: 'align', angles: { laoRao: -30, cranCaud: 25 } });
    expect(engine.getSnapshot().angles).toEqual({ laoRao: -30, cranCaud: 25 });
  });

  it('goes to the TAVI and LAAO presets and back to AP on reset', () => {
    const { engine, container } = setUp();
    engine.attach(container);
    engine.command({ type: 'view', preset: 'tavi' });
    expect(engine.getSnapshot().angles).toEqual(C_ARM_PRESETS.tavi);
    engine.command({ type: 'view', preset: 'laao' });
    expect(formatCArmAngles(engine.getSnapshot().angles)).toBe('RAO 30° CAU 20°');
    engine.command({ type: 'reset' });
    expect(engine.getSnapshot().angles).toEqual({ laoRao: 0, cranCaud: 0 });
  });

  it('resets on the R key when the scene has focus', () => {
    const { engine, container } = setUp();
    engine.attach(container);
    engine.command({ type: 'view', preset: 'laao' });
    container.dispatchEvent(new KeyboardEvent('keydown', { code: 'KeyR', bubbles: true }));
    expect(engine.getSnapshot().angles).toEqual({ laoRao: 0, cranCaud: 0 });
  });

  it('keeps the C-arm direction when an object arrives and reframes around it', async () => {
    const { engine, loads, container } = setUp();
    engine.attach(container);
    engine.command({ type: 'view', preset: 'tavi' });
    engine.setObjects([sceneObject()]);
    loads[0]!.resolve(cube(500));
    await settle();
    expect(engine.getSnapshot().angles).toEqual(C_ARM_PRESETS.tavi);
  });
});

describe('SceneEngine rendering', () => {
  it('draws on demand: a change asks for one frame, then the loop stops', () => {
    const { engine, frames, renderer, container } = setUp();
    engine.attach(container);
    frames.flush();
    vi.mocked(renderer.render).mockClear();
    expect(frames.pending).toBe(0);
    engine.command({ type: 'view', preset: 'tavi' });
    expect(frames.flush()).toBeGreaterThan(0);
    expect(renderer.render).toHaveBeenCalled();
    expect(frames.pending).toBe(0);
  });

  it('caps the pixel ratio at 2 (spec §9)', () => {
    const { engine, renderer, container } = setUp(3);
    engine.attach(container);
    expect(renderer.setPixelRatio).toHaveBeenCalledWith(2);
  });

  it('puts its canvas in the container and takes it out on detach, releasing the context', () => {
    const { engine, renderer, container } = setUp();
    engine.attach(container);
    expect(container.querySelector('canvas')).toBe(renderer.domElement);
    engine.detach();
    expect(container.querySelector('canvas')).toBeNull();
    expect(renderer.dispose).toHaveBeenCalled();
    expect(renderer.forceContextLoss).toHaveBeenCalled();
  });

  it('reports a browser without WebGL instead of throwing', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const engine = new SceneEngine({
      createRenderer: () => {
        throw new Error('Error creating WebGL context.');
      },
    });
    engine.attach(document.createElement('div'));
    expect(engine.getSnapshot().renderError).toBe(NO_WEBGL_MESSAGE);
  });
});

describe('SceneEngine capture', () => {
  it('leaves the named objects out of the figure only, and shows them again afterwards (issue 30)', async () => {
    const { engine, loads, renderer, container } = setUp();
    engine.attach(container);
    engine.setObjects([sceneObject({ id: 'aorta' }), sceneObject({ id: 'blood-pool' })]);
    for (const load of loads) load.resolve(cube());
    await settle();
    const seen: Record<string, boolean | undefined>[] = [];
    vi.mocked(renderer.render).mockImplementation((scene) => {
      seen.push({
        aorta: scene.getObjectByName('aorta')?.visible,
        bloodPool: scene.getObjectByName('blood-pool')?.visible,
      });
    });
    expect(engine.capture(new Set(['blood-pool']))).not.toBeNull();
    expect(seen).toEqual([{ aorta: true, bloodPool: false }]);
    engine.capture();
    expect(seen[1]).toEqual({ aorta: true, bloodPool: true });
  });
});
