import { useState, useSyncExternalStore } from 'react';
import { SceneEngine, type SceneEngineDeps } from './scene-engine.ts';
import type { SceneSnapshot } from './scene-types.ts';

/**
 * One engine per mounted viewport, made without touching the DOM. The component attaches it in an
 * effect and detaches it in the cleanup, which frees the WebGL context and stops loads but keeps the
 * engine usable, so StrictMode's replayed effects and a hidden-then-shown <Activity> work; after the
 * last detach nothing holds GPU memory and the engine is garbage.
 */
export function useSceneEngine(deps?: SceneEngineDeps): SceneEngine {
  const [engine] = useState(() => new SceneEngine(deps));
  return engine;
}

/** The engine's read-outs (object load states, C-arm angles), re-rendering only when they change. */
export function useSceneSnapshot(engine: SceneEngine): SceneSnapshot {
  return useSyncExternalStore(engine.subscribe, engine.getSnapshot, engine.getSnapshot);
}
