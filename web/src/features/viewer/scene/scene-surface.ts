import type { Vector3 } from 'three';
import type { TrackballControls } from 'three/addons/controls/TrackballControls.js';
import type { SceneGraph } from './scene-graph.ts';
import { cappedPixelRatio, type SceneRenderer } from './scene-renderer.ts';
import { createTrackball } from './trackball.ts';

export interface SurfaceDeps {
  requestFrame: (callback: () => void) => number;
  cancelFrame: (id: number) => void;
  devicePixelRatio: () => number;
}

export interface SurfaceHooks {
  /** After every drawn frame. */
  onFrame(): void;
  /** The user started turning, zooming or panning. */
  onUserMove(): void;
  /** R pressed while the scene has focus. */
  onResetKey(): void;
}

/**
 * The scene on screen: one WebGL context, the trackball and the frame loop, alive between attach and
 * detach. Frames are drawn on demand: on a change, while a drag is held, and while the trackball's
 * damping still moves the camera, then the loop stops.
 */
export class SceneSurface {
  private controls: TrackballControls;
  private readonly resizeObserver: ResizeObserver;
  private frameId = 0;
  private isDragging = false;
  private size = { width: 0, height: 0 };

  constructor(
    private readonly container: HTMLElement,
    private readonly renderer: SceneRenderer,
    private readonly graph: SceneGraph,
    private readonly deps: SurfaceDeps,
    private readonly hooks: SurfaceHooks,
  ) {
    this.renderer.setPixelRatio(cappedPixelRatio(deps.devicePixelRatio()));
    const canvas = this.renderer.domElement;
    canvas.style.display = 'block';
    canvas.style.width = '100%';
    canvas.style.height = '100%';
    canvas.addEventListener('pointerdown', this.onPointerDown, { capture: true });
    container.append(canvas);
    container.addEventListener('keydown', this.onKeyDown);
    this.controls = this.createControls(graph.bounds().center);
    this.resizeObserver = new ResizeObserver(this.resize);
    this.resizeObserver.observe(container);
    this.resize();
  }

  requestRender = (): void => {
    if (this.frameId) return;
    this.frameId = this.deps.requestFrame(this.frame);
  };

  /** Puts the trackball around `target` with the zoom limits, dropping any momentum it still had. */
  resetControls(target: Vector3, minDistance: number, maxDistance: number): void {
    this.controls.dispose();
    this.controls = this.createControls(target);
    this.controls.minDistance = minDistance;
    this.controls.maxDistance = maxDistance;
    this.requestRender();
  }

  get target(): Vector3 {
    return this.controls.target;
  }

  dispose(): void {
    if (this.frameId) this.deps.cancelFrame(this.frameId);
    this.frameId = 0;
    this.resizeObserver.disconnect();
    this.controls.dispose();
    this.container.removeEventListener('keydown', this.onKeyDown);
    this.renderer.domElement.removeEventListener('pointerdown', this.onPointerDown, { capture: true });
    this.renderer.domElement.remove();
    this.renderer.dispose();
    // Browsers cap live WebGL contexts (about 16); release this one now, not at garbage collection.
    this.renderer.forceContextLoss();
  }

  private createControls(target: Vector3): TrackballControls {
    const controls = createTrackball(this.graph.camera, this.renderer.domElement, target);
    controls.addEventListener('change', this.requestRender);
    controls.addEventListener('start', () => {
      this.isDragging = true;
      this.hooks.onUserMove();
      this.requestRender();
    });
    controls.addEventListener('end', () => {
      this.isDragging = false;
    });
    return controls;
  }

  /**
   * The scene drawn now and read back as a PNG data URL in the same task: WebGL may clear its drawing
   * buffer once the frame is shown, so reading it later gives an empty image.
   */
  snapshotPng(): string {
    const { width, height } = this.size;
    this.renderer.render(this.graph.scene, this.graph.camera);
    this.graph.overlay.render(this.renderer, this.graph.camera, width, height);
    return this.renderer.domElement.toDataURL('image/png');
  }

  private readonly frame = (): void => {
    this.frameId = 0;
    // Moves the camera by the drag or the remaining damping; a move emits 'change', asking for the next frame.
    this.controls.update();
    const { width, height } = this.size;
    this.renderer.render(this.graph.scene, this.graph.camera);
    this.graph.overlay.render(this.renderer, this.graph.camera, width, height);
    this.hooks.onFrame();
    if (this.isDragging) this.requestRender();
  };

  private readonly resize = (): void => {
    const width = this.container.clientWidth;
    const height = this.container.clientHeight;
    if (width === 0 || height === 0) return;
    this.size = { width, height };
    this.renderer.setSize(width, height, false);
    this.graph.setViewport(width, height);
    this.controls.handleResize();
    this.requestRender();
  };

  private readonly onPointerDown = (): void => {
    // TrackballControls measures its element only on resize; a scrolled page would skew the drag.
    this.controls.handleResize();
  };

  private readonly onKeyDown = (event: KeyboardEvent): void => {
    if (event.code !== 'KeyR' || event.ctrlKey || event.metaKey || event.altKey) return;
    event.preventDefault();
    this.hooks.onResetKey();
  };
}
