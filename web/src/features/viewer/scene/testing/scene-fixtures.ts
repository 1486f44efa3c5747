import type { SceneObjectSpec } from '../scene-types.ts';

export const sceneObject = (overrides: Partial<SceneObjectSpec> = {}): SceneObjectSpec => ({
  id: 'aorta',
  url: 'http://localhost:8080/files/aorta.stl',
  filename: 'aorta.stl',
  name: 'Aorta',
  color: '#cc3333',
  opacity: 1,
  maxOpacity: 1,
  isVisible: true,
  isDoubleSided: false,
  renderOrder: 0,
  hasDepthTestEnabled: true,
  hasFlatShadingEnabled: false,
  isAffectedByLighting: true,
  objectOrder: 0,
  ...overrides,
});
