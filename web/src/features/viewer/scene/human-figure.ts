import {
  type BufferGeometry,
  CapsuleGeometry,
  ConeGeometry,
  Group,
  type Material,
  Mesh,
  MeshLambertMaterial,
  SphereGeometry,
} from 'three';

/**
 * The orientation figure (spec §2: "a human-model mesh is shown"), made here from simple solids so
 * the project owns it. It stands in patient coordinates (LPS): head toward +z, face and nose toward
 * −y (anterior), its left toward +x; 1.8 units tall, centred on the origin. Seen from the camera's
 * direction it tells which way the patient lies in the 3D view.
 */
export function createHumanFigure(): Group {
  const figure = new Group();
  figure.name = 'human-figure';
  const skin = new MeshLambertMaterial({ color: '#d8b08c' });
  const face = new MeshLambertMaterial({ color: '#a0522d' });

  const add = (geometry: BufferGeometry, material: Material, [x, y, z]: [number, number, number]) => {
    const mesh = new Mesh(geometry, material);
    mesh.position.set(x, y, z);
    figure.add(mesh);
    return mesh;
  };
  /** A capsule along the body's long axis (z) whose total length is `length`. */
  const limb = (radius: number, length: number) =>
    new CapsuleGeometry(radius, length - 2 * radius, 4, 12).rotateX(Math.PI / 2);

  add(new SphereGeometry(0.11, 20, 14), skin, [0, 0, 0.79]);
  // The chest is wider (left–right) than deep (front–back).
  add(limb(0.17, 0.8), skin, [0, 0, 0.27]).scale.set(1, 0.65, 1);
  for (const side of [-1, 1]) {
    add(limb(0.05, 0.62), skin, [side * 0.24, 0, 0.28]);
    add(limb(0.075, 0.82), skin, [side * 0.09, 0, -0.49]);
  }
  // The nose points anterior: without it front and back would look alike.
  add(new ConeGeometry(0.028, 0.07, 12).rotateZ(Math.PI), face, [0, -0.125, 0.79]);
  return figure;
}

/** Frees the figure's geometries and materials. */
export function disposeHumanFigure(figure: Group): void {
  const materials = new Set<Material>();
  figure.traverse((node) => {
    if (!(node instanceof Mesh)) return;
    node.geometry.dispose();
    materials.add(node.material as Material);
  });
  for (const material of materials) material.dispose();
}
