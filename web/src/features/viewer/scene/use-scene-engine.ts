import { useEffect, useSyncExternalStore } from 'react';
import { useViewerSession } from '../session/viewer-session-context.ts';
import { SceneEngine } from './scene-engine.ts';
import type { SceneSnapshot } from './scene-types.ts';

const noSubscription = () => () => undefined;

/**
 * The viewer session's 3D scene engine for a mounted viewport, null until the first lease: leased
 * while mounted (StrictMode's unmount and remount keep the same engine, its camera and its loaded
 * surfaces; the last release destroys it). The component attaches it in an effect and detaches it in
 * the cleanup, which frees the WebGL context and stops loads but keeps the engine usable.
 */
export function useSceneEngine(): SceneEngine | null {
  const session = useViewerSession();
  const engine = useSyncExternalStore(session.subscribe, () => session.getSnapshot().sceneEngine);
  useEffect(() => session.leaseSceneEngine(() => new SceneEngine()), [session]);
  return engine;
}

/** The engine's read-outs (object load states, C-arm angles), re-rendering only when they change. */
export function useSceneSnapshot(engine: SceneEngine | null): SceneSnapshot | null {
  return useSyncExternalStore<SceneSnapshot | null>(
    engine?.subscribe ?? noSubscription,
    engine ? engine.getSnapshot : () => null,
  );
}
