import {
  AmbientLight,
  Box3,
  type BufferGeometry,
  Color,
  DirectionalLight,
  Group,
  Mesh,
  PerspectiveCamera,
  Scene,
  type Sphere,
} from 'three';
import { type CameraPose, sceneBounds } from './camera-pose.ts';
import { LandmarkLayer } from './landmark-layer.ts';
import { materialSettings, type SceneMaterial, updateMaterial } from './object-material.ts';
import { OrientationOverlay } from './orientation-overlay.ts';
import type { SceneObjectStyle } from './scene-types.ts';

export const FIELD_OF_VIEW = 30;
const BACKGROUND = new Color('#1b1f24');

interface ObjectNode {
  group: Group;
  material: SceneMaterial;
  renderOrder: number;
  box: Box3 | null;
}

/**
 * Everything drawn, without a renderer: the scene objects (one shared material each), the landmark
 * lines, the orientation figure, the camera and its headlight. It outlives WebGL contexts, so a
 * detach and re-attach keeps the loaded surfaces.
 */
export class SceneGraph {
  readonly scene = new Scene();
  readonly camera = new PerspectiveCamera(FIELD_OF_VIEW, 1, 0.1, 10_000);
  readonly overlay = new OrientationOverlay();
  private readonly landmarks = new LandmarkLayer();
  private readonly objects = new Map<string, ObjectNode>();

  constructor() {
    this.scene.background = BACKGROUND;
    // A headlight moves with the camera, so whatever side the user turns to is lit.
    const headlight = new DirectionalLight('#ffffff', 2.2);
    headlight.position.set(0.3, 0.6, 1);
    headlight.target.position.set(0, 0, -1);
    this.camera.add(headlight, headlight.target);
    this.scene.add(this.camera, new AmbientLight('#ffffff', 0.9), this.landmarks.group);
  }

  addObject(id: string, style: SceneObjectStyle): void {
    const group = new Group();
    group.name = id;
    this.scene.add(group);
    this.objects.set(id, {
      group,
      material: updateMaterial(null, materialSettings(style)),
      renderOrder: style.renderOrder,
      box: null,
    });
    this.restyle(id, style);
  }

  restyle(id: string, style: SceneObjectStyle): void {
    const node = this.objects.get(id);
    if (!node) return;
    node.material = updateMaterial(node.material, materialSettings(style));
    node.group.visible = style.isVisible;
    node.renderOrder = style.renderOrder;
    for (const mesh of node.group.children as Mesh[]) {
      mesh.material = node.material;
      mesh.renderOrder = style.renderOrder;
    }
  }

  /** Shows the loaded surfaces of an object, replacing (and freeing) what it showed before. */
  setGeometries(id: string, geometries: readonly BufferGeometry[]): void {
    const node = this.objects.get(id);
    if (!node) return;
    this.clearGeometries(id);
    const box = new Box3();
    for (const geometry of geometries) {
      const mesh = new Mesh(geometry, node.material);
      mesh.renderOrder = node.renderOrder;
      node.group.add(mesh);
      if (!geometry.boundingBox) geometry.computeBoundingBox();
      box.union(geometry.boundingBox!);
    }
    node.box = geometries.length ? box : null;
  }

  clearGeometries(id: string): void {
    const node = this.objects.get(id);
    if (!node) return;
    for (const mesh of [...node.group.children] as Mesh[]) {
      mesh.geometry.dispose();
      node.group.remove(mesh);
    }
    node.box = null;
  }

  removeObject(id: string): void {
    const node = this.objects.get(id);
    if (!node) return;
    this.clearGeometries(id);
    node.material.dispose();
    this.scene.remove(node.group);
    this.objects.delete(id);
  }

  setLandmarks(...args: Parameters<LandmarkLayer['set']>): void {
    this.landmarks.set(...args);
  }

  /**
   * The sphere the camera frames: the loaded objects (hidden ones too, so toggling visibility does not
   * move the view), else the landmarks, else a default.
   */
  bounds(): Sphere {
    const boxes = [...this.objects.values()].flatMap((node) => (node.box ? [node.box] : []));
    if (boxes.length === 0 && this.landmarks.group.children.length > 0) {
      boxes.push(new Box3().setFromObject(this.landmarks.group));
    }
    return sceneBounds(boxes);
  }

  applyPose(pose: CameraPose): void {
    this.camera.position.copy(pose.position);
    this.camera.up.copy(pose.up);
    this.camera.near = pose.near;
    this.camera.far = pose.far;
    this.camera.lookAt(pose.target);
    this.camera.updateProjectionMatrix();
    this.camera.updateMatrixWorld();
  }

  /** The drawing's size in pixels: the camera's aspect, and the landmarks' line widths. */
  setViewport(width: number, height: number): void {
    this.landmarks.setResolution(width, height);
    this.camera.aspect = width / height;
    this.camera.updateProjectionMatrix();
  }

  dispose(): void {
    for (const id of [...this.objects.keys()]) this.removeObject(id);
    this.landmarks.dispose();
    this.overlay.dispose();
  }
}
