import { Box3, type Mesh, Vector3 } from 'three';
import { describe, expect, it, vi } from 'vitest';
import { createHumanFigure, disposeHumanFigure } from './human-figure.ts';

const boxes = () => {
  const figure = createHumanFigure();
  figure.updateMatrixWorld(true);
  return { figure, parts: (figure.children as Mesh[]).map((mesh) => new Box3().setFromObject(mesh)) };
};

describe('createHumanFigure (patient LPS coordinates)', () => {
  it('stands 1.8 units tall along +z, centred on the origin', () => {
    const box = new Box3().setFromObject(boxes().figure);
    expect(box.max.z - box.min.z).toBeCloseTo(1.8, 1);
    expect(box.getCenter(new Vector3()).z).toBeCloseTo(0, 1);
  });

  it('has its head highest and its nose the most anterior (−y) part', () => {
    const { parts } = boxes();
    const head = parts[0]!;
    const nose = parts.at(-1)!;
    expect(Math.max(...parts.map((box) => box.max.z))).toBe(head.max.z);
    expect(Math.min(...parts.map((box) => box.min.y))).toBe(nose.min.y);
    expect(nose.min.y).toBeLessThan(head.min.y);
    expect(nose.getCenter(new Vector3()).z).toBeCloseTo(head.getCenter(new Vector3()).z, 5);
  });

  it('is wider left–right than front–back, like a body', () => {
    const box = new Box3().setFromObject(boxes().figure);
    expect(box.max.x - box.min.x).toBeGreaterThan(2 * (box.max.y - box.min.y) * 0.8);
  });

  it('disposes every geometry and material it made', () => {
    const figure = createHumanFigure();
    const meshes = figure.children as Mesh[];
    const spies = meshes.map((mesh) => vi.spyOn(mesh.geometry, 'dispose'));
    disposeHumanFigure(figure);
    for (const spy of spies) expect(spy).toHaveBeenCalledOnce();
  });
});
