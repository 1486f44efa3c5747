import type { PerspectiveCamera, Vector3 } from 'three';
import { TrackballControls } from 'three/addons/controls/TrackballControls.js';

/**
 * The scene's trackball with the spec §2 / §9 defaults: rotate speed 1, zoom speed 1.2, damping 0.2,
 * and keys A, S, D (held while dragging: rotate, zoom, pan), which three names by KeyboardEvent.code.
 */
export function createTrackball(camera: PerspectiveCamera, element: HTMLElement, target: Vector3): TrackballControls {
  const controls = new TrackballControls(camera, element);
  controls.rotateSpeed = 1;
  controls.zoomSpeed = 1.2;
  controls.staticMoving = false;
  controls.dynamicDampingFactor = 0.2;
  controls.keys = ['KeyA', 'KeyS', 'KeyD'];
  controls.target.copy(target);
  return controls;
}
