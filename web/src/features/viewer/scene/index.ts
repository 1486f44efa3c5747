export { ObjectSettingsPanel } from './ObjectSettingsPanel.tsx';
export type { ObjectStylePatch, SettingsObject } from './ObjectSettingsRow.tsx';
export { SceneViewport } from './SceneViewport.tsx';
export { SceneEngine, type SceneEngineDeps } from './scene-engine.ts';
export type {
  SceneCommand,
  SceneLandmark,
  SceneObjectSpec,
  SceneObjectStatus,
  SceneObjectStyle,
  SceneSnapshot,
} from './scene-types.ts';
export { useSceneEngine, useSceneSnapshot } from './use-scene-engine.ts';
