import { cArmViewDirection } from '@cardiomap/domain';
import { Box3, Sphere, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { cameraPose, DEFAULT_BOUNDS, sceneBounds } from './camera-pose.ts';

describe('sceneBounds', () => {
  it('encloses every box', () => {
    const bounds = sceneBounds([
      new Box3(new Vector3(0, 0, 0), new Vector3(10, 10, 10)),
      new Box3(new Vector3(-10, 0, 0), new Vector3(0, 10, 10)),
    ]);
    expect(bounds.center.toArray()).toEqual([0, 5, 5]);
    expect(bounds.radius).toBeCloseTo(Math.hypot(10, 5, 5));
  });

  it('falls back to a heart-sized sphere at the origin when nothing has loaded', () => {
    expect(sceneBounds([])).toEqual(DEFAULT_BOUNDS);
  });
});

describe('cameraPose', () => {
  const bounds = new Sphere(new Vector3(10, 20, 30), 50);

  it('puts the eye anterior of the scene centre for AP, head up, whole scene in view', () => {
    const pose = cameraPose(bounds, cArmViewDirection(0, 0), 30);
    expect(pose.target.toArray()).toEqual([10, 20, 30]);
    const offset = pose.position.clone().sub(pose.target);
    expect(offset.x).toBeCloseTo(0);
    expect(offset.y).toBeLessThan(0);
    expect(offset.z).toBeCloseTo(0);
    // The sphere fits the vertical field of view.
    expect(Math.asin(50 / offset.length())).toBeLessThan((15 * Math.PI) / 180);
    expect(pose.up.distanceTo(new Vector3(0, 0, 1))).toBeCloseTo(0);
  });

  it("sees from the patient's left for LAO 90 and keeps a given distance", () => {
    const pose = cameraPose(bounds, cArmViewDirection(90, 0), 30, 120);
    const offset = pose.position.clone().sub(pose.target);
    expect(offset.x).toBeCloseTo(120);
    expect(offset.y).toBeCloseTo(0);
  });

  it('keeps the whole zoom range between the near and far planes', () => {
    const pose = cameraPose(bounds, cArmViewDirection(0, 0), 30, 1e9);
    const distance = pose.position.distanceTo(pose.target);
    expect(distance).toBe(pose.maxDistance);
    expect(pose.far).toBeGreaterThan(distance + bounds.radius);
    expect(pose.near).toBeLessThan(pose.minDistance);
  });
});
