import { describe, expect, it } from 'vitest';
import { diffSceneObjects } from './object-diff.ts';
import type { SceneObjectSpec } from './scene-types.ts';
import { sceneObject } from './testing/scene-fixtures.ts';

const shown = (...specs: SceneObjectSpec[]) => new Map(specs.map((spec) => [spec.id, spec]));
const ids = (specs: SceneObjectSpec[]) => specs.map((spec) => spec.id);

describe('diffSceneObjects', () => {
  const aorta = sceneObject({ id: 'aorta', url: 'http://files/aorta.stl?sig=1' });
  const valve = sceneObject({ id: 'valve', url: 'http://files/valve.ply?sig=1', filename: 'valve.ply' });

  it('adds new ids and removes missing ones', () => {
    const diff = diffSceneObjects(shown(aorta), [valve]);
    expect(ids(diff.added)).toEqual(['valve']);
    expect(diff.removed).toEqual(['aorta']);
    expect(diff.reloaded).toEqual([]);
    expect(diff.restyled).toEqual([]);
  });

  it('restyles, without reloading, when only a drawing property changes', () => {
    const diff = diffSceneObjects(shown(aorta, valve), [{ ...aorta, opacity: 0.3 }, valve]);
    expect(ids(diff.restyled)).toEqual(['aorta']);
    expect(diff.added).toEqual([]);
    expect(diff.reloaded).toEqual([]);
  });

  it('does nothing for an identical list', () => {
    expect(diffSceneObjects(shown(aorta), [{ ...aorta }])).toEqual({
      added: [],
      removed: [],
      reloaded: [],
      restyled: [],
    });
  });

  it('does not reload a file whose read URL was only re-signed', () => {
    const diff = diffSceneObjects(shown(aorta), [{ ...aorta, url: 'http://files/aorta.stl?sig=2' }]);
    expect(diff.reloaded).toEqual([]);
  });

  it('retries a failed file when its URL was re-signed', () => {
    const next = [{ ...aorta, url: 'http://files/aorta.stl?sig=2' }];
    expect(ids(diffSceneObjects(shown(aorta), next, new Set(['aorta'])).reloaded)).toEqual(['aorta']);
  });

  it('reloads when the file itself changes', () => {
    const diff = diffSceneObjects(shown(aorta), [{ ...aorta, url: 'http://files/aorta-v2.stl?sig=1', opacity: 0.5 }]);
    expect(ids(diff.reloaded)).toEqual(['aorta']);
    expect(diff.restyled).toEqual([]);
  });

  it('loads an object whose missing URL arrived', () => {
    const missing = { ...aorta, url: null };
    expect(ids(diffSceneObjects(shown(missing), [aorta]).reloaded)).toEqual(['aorta']);
  });
});
