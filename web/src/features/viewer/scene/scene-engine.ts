import type { FigureCamera } from '@cardiomap/contract';
import {
  C_ARM_PRESETS,
  type CArmAngles,
  type CArmView,
  cArmAnglesFromDirection,
  cArmViewDirection,
} from '@cardiomap/domain';
import { type BufferGeometry, Vector3 } from 'three';
import { dataUrlPng } from '../canvas-png.ts';
import { type CameraPose, cameraPose } from './camera-pose.ts';
import { type LoadSceneObject, loadSceneObject, SceneObjectLoadError } from './load-mesh.ts';
import { diffSceneObjects } from './object-diff.ts';
import { FIELD_OF_VIEW, SceneGraph } from './scene-graph.ts';
import { type CreateSceneRenderer, createWebGLRenderer, type SceneRenderer } from './scene-renderer.ts';
import { SceneSurface, type SurfaceDeps } from './scene-surface.ts';
import type { SceneCommand, SceneLandmark, SceneObjectSpec, SceneObjectStatus, SceneSnapshot } from './scene-types.ts';

export interface SceneEngineDeps extends Partial<SurfaceDeps> {
  createRenderer?: CreateSceneRenderer;
  loadObject?: LoadSceneObject;
}

interface ObjectEntry {
  spec: SceneObjectSpec;
  /** The running download, null when none is (done, failed, or waiting for attach). */
  load: AbortController | null;
  /** Bumped by every start and cancel; a finished load with an older token is stale. */
  token: number;
}

export const NO_WEBGL_MESSAGE = 'This browser cannot show the 3D scene (WebGL is not available).';
const AP = cArmViewDirection(0, 0);

/**
 * The 3D scene outside React (architecture.md §6): attach(container) / detach() follow the component's
 * mount, setObjects / setLandmarks take the intent, command() moves the camera, destroy() frees all.
 * Loads run only while attached and a load overtaken by a newer intent, a detach or a destroy is
 * discarded, so StrictMode's mount–unmount–mount shows each object once. React reads the state
 * through subscribe + getSnapshot.
 */
export class SceneEngine {
  private readonly graph = new SceneGraph();
  private readonly entries = new Map<string, ObjectEntry>();
  private readonly listeners = new Set<() => void>();
  private readonly surfaceDeps: SurfaceDeps;
  private readonly createRenderer: CreateSceneRenderer;
  private readonly loadObject: LoadSceneObject;
  private surface: SceneSurface | null = null;
  private container: HTMLElement | null = null;
  /** The C-arm view last asked for; the camera returns to it when objects arrive, until the user moves it. */
  private view: CArmView = AP;
  private hasUserMoved = false;
  private pose: CameraPose;
  private isDestroyed = false;
  /** The landmarks drawn, serialised: the page passes a new array on every render. */
  private landmarksKey = '[]';
  private snapshot: SceneSnapshot = { revision: 0, objects: {}, angles: { laoRao: 0, cranCaud: 0 }, renderError: null };

  constructor(deps: SceneEngineDeps = {}) {
    this.createRenderer = deps.createRenderer ?? createWebGLRenderer;
    this.surfaceDeps = {
      requestFrame: deps.requestFrame ?? ((callback) => requestAnimationFrame(callback)),
      cancelFrame: deps.cancelFrame ?? ((id) => cancelAnimationFrame(id)),
      devicePixelRatio: deps.devicePixelRatio ?? (() => window.devicePixelRatio),
    };
    this.loadObject = deps.loadObject ?? loadSceneObject;
    this.pose = this.frameView();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): SceneSnapshot => this.snapshot;

  attach(container: HTMLElement): void {
    if (this.isDestroyed || this.container === container) return;
    this.detach();
    this.container = container;
    let renderer: SceneRenderer;
    try {
      renderer = this.createRenderer();
    } catch (error) {
      console.error('3D scene: no WebGL renderer', error);
      this.publish({ renderError: NO_WEBGL_MESSAGE });
      return;
    }
    this.surface = new SceneSurface(container, renderer, this.graph, this.surfaceDeps, {
      onFrame: () => this.readAngles(),
      onUserMove: () => {
        this.hasUserMoved = true;
      },
      onResetKey: () => this.command({ type: 'reset' }),
    });
    this.surface.resetControls(this.pose.target, this.pose.minDistance, this.pose.maxDistance);
    for (const entry of this.entries.values()) {
      if (this.snapshot.objects[entry.spec.id]?.state === 'loading') this.startLoad(entry);
    }
  }

  /** Leaves the page's DOM and the GPU; loaded surfaces stay, unfinished loads restart on the next attach. */
  detach(): void {
    for (const entry of this.entries.values()) this.cancelLoad(entry);
    this.surface?.dispose();
    this.surface = null;
    this.container = null;
  }

  destroy(): void {
    if (this.isDestroyed) return;
    this.detach();
    this.isDestroyed = true;
    this.graph.dispose();
    this.entries.clear();
    this.listeners.clear();
  }

  /** Shows exactly `objects`, matched by id: a changed property restyles, only a changed file reloads. */
  setObjects(objects: readonly SceneObjectSpec[]): void {
    if (this.isDestroyed) return;
    const shown = new Map([...this.entries].map(([id, entry]) => [id, entry.spec]));
    const failed = new Set(
      Object.entries(this.snapshot.objects).flatMap(([id, status]) => (status.state === 'error' ? [id] : [])),
    );
    const diff = diffSceneObjects(shown, objects, failed);
    // The newest read URLs (re-signed ones too) serve later loads, such as a restart after attach.
    for (const spec of objects) {
      const entry = this.entries.get(spec.id);
      if (entry) entry.spec = spec;
    }
    const isUnchanged = !diff.added.length && !diff.removed.length && !diff.reloaded.length && !diff.restyled.length;
    // The page passes a new list on every render; an unchanged one must not publish (and re-render) again.
    if (isUnchanged) return;
    const statuses = { ...this.snapshot.objects };
    for (const id of diff.removed) {
      this.cancelLoad(this.entries.get(id)!);
      this.graph.removeObject(id);
      this.entries.delete(id);
      delete statuses[id];
    }
    for (const spec of diff.added) {
      this.entries.set(spec.id, { spec, load: null, token: 0 });
      this.graph.addObject(spec.id, spec);
    }
    for (const spec of diff.reloaded) {
      this.cancelLoad(this.entries.get(spec.id)!);
      this.graph.clearGeometries(spec.id);
    }
    for (const spec of [...diff.reloaded, ...diff.restyled]) this.graph.restyle(spec.id, spec);
    const toLoad = [...diff.added, ...diff.reloaded];
    for (const spec of toLoad) statuses[spec.id] = { state: 'loading' };
    if (toLoad.length || diff.removed.length) this.publish({ objects: statuses });
    for (const spec of toLoad) this.startLoad(this.entries.get(spec.id)!);
    if (diff.removed.length || diff.reloaded.length) this.followScene();
    this.surface?.requestRender();
  }

  setLandmarks(landmarks: readonly SceneLandmark[]): void {
    const key = JSON.stringify(landmarks);
    if (this.isDestroyed || key === this.landmarksKey) return;
    this.landmarksKey = key;
    this.graph.setLandmarks(landmarks);
    this.followScene();
    this.surface?.requestRender();
  }

  command(command: SceneCommand): void {
    if (this.isDestroyed) return;
    switch (command.type) {
      case 'reset':
        this.hasUserMoved = false;
        this.view = AP;
        this.pose = this.frameView();
        break;
      case 'view':
        this.alignTo(C_ARM_PRESETS[command.preset]);
        break;
      case 'align':
        this.alignTo(command.angles);
        break;
    }
    this.readAngles();
  }

  /**
   * Issue 17 figures: the scene as PNG with its camera (target as focalPoint); null while not attached.
   * `without`: objects left out of the picture though shown on screen (issue 30: the preliminary model
   * never goes into a report figure); they are hidden for the one synchronous frame drawn, then restored.
   */
  capture(without: ReadonlySet<string> = new Set()): { png: Blob; camera: FigureCamera } | null {
    if (this.isDestroyed || !this.surface) return null;
    const left = [...this.entries].filter(([id, entry]) => without.has(id) && entry.spec.isVisible);
    for (const [id, entry] of left) this.graph.restyle(id, { ...entry.spec, isVisible: false });
    let dataUrl: string;
    try {
      dataUrl = this.surface.snapshotPng();
    } finally {
      for (const [id, entry] of left) this.graph.restyle(id, entry.spec);
    }
    const png = dataUrlPng(dataUrl);
    const { position, up } = this.graph.camera;
    const target = this.surface.target;
    return {
      png,
      camera: {
        position: [position.x, position.y, position.z],
        focalPoint: [target.x, target.y, target.z],
        viewUp: [up.x, up.y, up.z],
      },
    };
  }

  /** Brings the camera back to a figure's; the user has then taken the camera (objects no longer reframe it). */
  restoreCamera(camera: FigureCamera): void {
    if (this.isDestroyed) return;
    this.hasUserMoved = true;
    this.pose = {
      ...this.pose,
      position: new Vector3(...camera.position),
      target: new Vector3(...camera.focalPoint),
      up: new Vector3(...camera.viewUp),
    };
    this.graph.applyPose(this.pose);
    this.surface?.resetControls(this.pose.target, this.pose.minDistance, this.pose.maxDistance);
    this.surface?.requestRender();
    this.readAngles();
  }

  /** Looks at the scene centre from the C-arm angulation, keeping the user's zoom. */
  private alignTo({ laoRao, cranCaud }: CArmAngles): void {
    this.view = cArmViewDirection(laoRao, cranCaud);
    const target = this.surface?.target ?? this.pose.target;
    this.pose = this.frameView(this.graph.camera.position.distanceTo(target));
  }

  private frameView(distance?: number): CameraPose {
    const pose = cameraPose(this.graph.bounds(), this.view, FIELD_OF_VIEW, distance);
    this.graph.applyPose(pose);
    this.surface?.resetControls(pose.target, pose.minDistance, pose.maxDistance);
    return pose;
  }

  /** Frames what is shown now, unless the user has taken the camera. */
  private followScene(): void {
    if (this.hasUserMoved) return;
    this.pose = this.frameView();
    this.readAngles();
  }

  private startLoad(entry: ObjectEntry): void {
    if (!this.surface) return;
    const controller = new AbortController();
    entry.load = controller;
    const token = ++entry.token;
    const { id } = entry.spec;
    const isCurrent = () => !this.isDestroyed && this.entries.get(id) === entry && entry.token === token;
    this.loadObject(entry.spec, controller.signal).then(
      (geometries) => (isCurrent() ? this.showLoaded(entry, geometries) : disposeAll(geometries)),
      (error: unknown) => {
        if (!isCurrent()) return;
        entry.load = null;
        // Spec §8: a scene file that cannot be shown is logged; the rest of the scene carries on.
        console.warn(`3D scene: "${entry.spec.name}" not shown`, error);
        const message = error instanceof SceneObjectLoadError ? error.message : 'Could not show this object.';
        this.setStatus(id, { state: 'error', message });
      },
    );
  }

  private showLoaded(entry: ObjectEntry, geometries: BufferGeometry[]): void {
    entry.load = null;
    this.graph.setGeometries(entry.spec.id, geometries);
    this.setStatus(entry.spec.id, { state: 'ready' });
    this.followScene();
    this.surface?.requestRender();
  }

  private cancelLoad(entry: ObjectEntry): void {
    if (!entry.load) return;
    entry.load.abort();
    entry.load = null;
    entry.token++;
  }

  private setStatus(id: string, status: SceneObjectStatus): void {
    this.publish({ objects: { ...this.snapshot.objects, [id]: status } });
  }

  private readAngles(): void {
    const target = this.surface?.target ?? this.pose.target;
    const direction = this.graph.camera.position.clone().sub(target);
    const angles = cArmAnglesFromDirection([direction.x, direction.y, direction.z]);
    const { laoRao, cranCaud } = this.snapshot.angles;
    if (angles.laoRao !== laoRao || angles.cranCaud !== cranCaud) this.publish({ angles });
  }

  private publish(change: Partial<Omit<SceneSnapshot, 'revision'>>): void {
    this.snapshot = { ...this.snapshot, ...change, revision: this.snapshot.revision + 1 };
    for (const listener of this.listeners) listener();
  }
}

function disposeAll(geometries: readonly BufferGeometry[]): void {
  for (const geometry of geometries) geometry.dispose();
}
