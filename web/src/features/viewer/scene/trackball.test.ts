import { PerspectiveCamera, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { createTrackball } from './trackball.ts';

describe('createTrackball', () => {
  it('has the spec §2 defaults: rotate 1, zoom 1.2, damping 0.2, keys A, S, D', () => {
    const controls = createTrackball(new PerspectiveCamera(), document.createElement('div'), new Vector3(1, 2, 3));
    expect(controls).toMatchObject({
      rotateSpeed: 1,
      zoomSpeed: 1.2,
      staticMoving: false,
      dynamicDampingFactor: 0.2,
      keys: ['KeyA', 'KeyS', 'KeyD'],
    });
    expect(controls.target.toArray()).toEqual([1, 2, 3]);
    controls.dispose();
  });

  it('zooms with damping: a wheel step keeps moving the camera over the following updates', () => {
    const camera = new PerspectiveCamera();
    camera.position.set(0, -100, 0);
    const element = document.createElement('div');
    const controls = createTrackball(camera, element, new Vector3());
    element.dispatchEvent(new WheelEvent('wheel', { deltaY: -100, cancelable: true }));
    const distances = [1, 2, 3].map(() => {
      controls.update();
      return camera.position.length();
    });
    expect(distances[0]).toBeLessThan(100);
    expect(distances[1]).toBeLessThan(distances[0]!);
    expect(distances[2]).toBeLessThan(distances[1]!);
    controls.dispose();
  });
});
