import { AmbientLight, type Camera, DirectionalLight, OrthographicCamera, Scene } from 'three';
import { createHumanFigure, disposeHumanFigure } from './human-figure.ts';
import type { SceneRenderer } from './scene-renderer.ts';

/** Largest side of the corner square, in CSS pixels; smaller viewports get a quarter of their side. */
const MAX_SIZE = 110;

/**
 * The human figure in the bottom-left corner, turned exactly as the patient is in the main view: it
 * copies the main camera's rotation each frame, never its position or zoom.
 */
export class OrientationOverlay {
  private readonly scene = new Scene();
  private readonly camera = new OrthographicCamera(-1.05, 1.05, 1.05, -1.05, 0.1, 10);
  private readonly figure = createHumanFigure();

  constructor() {
    const headlight = new DirectionalLight('#ffffff', 2);
    headlight.position.set(0.5, 1, 2);
    this.camera.add(headlight);
    this.scene.add(this.figure, this.camera, new AmbientLight('#ffffff', 1.2));
  }

  render(renderer: SceneRenderer, mainCamera: Camera, width: number, height: number): void {
    const size = Math.round(Math.min(MAX_SIZE, Math.min(width, height) / 4));
    if (size < 24) return;
    this.camera.quaternion.copy(mainCamera.quaternion);
    this.camera.position.set(0, 0, 5).applyQuaternion(mainCamera.quaternion);
    this.camera.updateMatrixWorld();
    renderer.autoClear = false;
    renderer.setScissorTest(true);
    renderer.setScissor(0, 0, size, size);
    renderer.setViewport(0, 0, size, size);
    // Over the main image, without its depth: the figure must never be hidden by a mesh.
    renderer.clearDepth();
    renderer.render(this.scene, this.camera);
    renderer.setScissorTest(false);
    renderer.setViewport(0, 0, width, height);
    renderer.autoClear = true;
  }

  dispose(): void {
    disposeHumanFigure(this.figure);
  }
}
