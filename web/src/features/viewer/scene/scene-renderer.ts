import { WebGLRenderer } from 'three';

/** The part of WebGLRenderer the scene uses, so the engine can run with a stand-in where WebGL is absent. */
export type SceneRenderer = Pick<
  WebGLRenderer,
  | 'domElement'
  | 'autoClear'
  | 'setPixelRatio'
  | 'setSize'
  | 'setViewport'
  | 'setScissor'
  | 'setScissorTest'
  | 'clearDepth'
  | 'render'
  | 'dispose'
  | 'forceContextLoss'
>;

export type CreateSceneRenderer = () => SceneRenderer;

export const createWebGLRenderer: CreateSceneRenderer = () =>
  new WebGLRenderer({ antialias: true, powerPreference: 'high-performance' });

/** Spec §9: rendering above twice the CSS resolution costs frames and shows nothing more. */
export const MAX_PIXEL_RATIO = 2;
export const cappedPixelRatio = (devicePixelRatio: number): number =>
  Math.min(Math.max(devicePixelRatio || 1, 1), MAX_PIXEL_RATIO);
