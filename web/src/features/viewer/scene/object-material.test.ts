import { DoubleSide, FrontSide, MeshBasicMaterial, MeshPhongMaterial } from 'three';
import { describe, expect, it, vi } from 'vitest';
import { materialSettings, updateMaterial } from './object-material.ts';
import { sceneObject } from './testing/scene-fixtures.ts';

describe('materialSettings', () => {
  it('draws an opaque, lit, front-sided, depth-tested surface by default', () => {
    expect(materialSettings(sceneObject())).toEqual({
      lit: true,
      color: '#cc3333',
      opacity: 1,
      transparent: false,
      side: FrontSide,
      depthTest: true,
      depthWrite: true,
      flatShading: false,
    });
  });

  it('clamps the opacity to maxOpacity and makes it see-through without writing depth', () => {
    const settings = materialSettings(sceneObject({ opacity: 0.9, maxOpacity: 0.6 }));
    expect(settings.opacity).toBe(0.6);
    expect(settings.transparent).toBe(true);
    expect(settings.depthWrite).toBe(false);
  });

  it('keeps the opacity within 0..1 whatever the stored values', () => {
    expect(materialSettings(sceneObject({ opacity: -0.2 })).opacity).toBe(0);
    expect(materialSettings(sceneObject({ opacity: 3, maxOpacity: 5 })).opacity).toBe(1);
  });

  it('maps double-sided, depth test, flat shading and lighting', () => {
    const settings = materialSettings(
      sceneObject({
        isDoubleSided: true,
        hasDepthTestEnabled: false,
        hasFlatShadingEnabled: true,
        isAffectedByLighting: false,
      }),
    );
    expect(settings).toMatchObject({
      side: DoubleSide,
      depthTest: false,
      depthWrite: false,
      flatShading: true,
      lit: false,
    });
  });
});

describe('updateMaterial', () => {
  it('makes a Phong material for a lit object and a basic one for an unlit object', () => {
    expect(updateMaterial(null, materialSettings(sceneObject()))).toBeInstanceOf(MeshPhongMaterial);
    expect(updateMaterial(null, materialSettings(sceneObject({ isAffectedByLighting: false })))).toBeInstanceOf(
      MeshBasicMaterial,
    );
  });

  it('reuses the material when only its properties change', () => {
    const material = updateMaterial(null, materialSettings(sceneObject()));
    const version = material.version;
    const again = updateMaterial(
      material,
      materialSettings(sceneObject({ color: '#00ff00', hasFlatShadingEnabled: true })),
    );
    expect(again).toBe(material);
    expect(again.color.getHexString()).toBe('00ff00');
    expect((again as MeshPhongMaterial).flatShading).toBe(true);
    expect(again.version).toBeGreaterThan(version);
  });

  it('replaces and disposes the material when lighting is switched', () => {
    const material = updateMaterial(null, materialSettings(sceneObject()));
    const dispose = vi.spyOn(material, 'dispose');
    const unlit = updateMaterial(material, materialSettings(sceneObject({ isAffectedByLighting: false })));
    expect(unlit).toBeInstanceOf(MeshBasicMaterial);
    expect(dispose).toHaveBeenCalled();
    expect(unlit.color.getHexString()).toBe('cc3333');
  });
});
