import type { BufferGeometry, Mesh } from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { describe, expect, it } from 'vitest';
import { writeGlb } from '../../../src/imaging/surface/glb-writer.ts';
import { marchingCubes } from '../../../src/imaging/surface/marching-cubes.ts';
import { type TriangleMesh, vertexNormals } from '../../../src/imaging/surface/mesh.ts';

/** Loads GLB bytes the way the viewer's 3D scene will. */
function loadWithThree(glb: Uint8Array): Promise<BufferGeometry> {
  const bytes = glb.slice().buffer;
  return new Promise((resolve, reject) => {
    new GLTFLoader().parse(
      bytes,
      '',
      (gltf) => {
        const meshes: Mesh[] = [];
        gltf.scene.traverse((o) => {
          if ((o as Mesh).isMesh) meshes.push(o as Mesh);
        });
        if (meshes.length !== 1) reject(new Error(`${meshes.length} meshes`));
        else resolve((meshes[0] as Mesh).geometry);
      },
      reject,
    );
  });
}

function ball(): TriangleMesh {
  const n = 16;
  const field = new Float32Array(n ** 3);
  for (let z = 0; z < n; z++)
    for (let y = 0; y < n; y++)
      for (let x = 0; x < n; x++) field[x + n * (y + n * z)] = 6 - Math.hypot(x - 7.5, y - 7, z - 8);
  const mesh = marchingCubes(field, [n, n, n], 0);
  // Somewhere in patient space, in mm.
  for (let v = 0; v < mesh.positions.length; v += 3) (mesh.positions[v] as number) -= 140.25;
  return mesh;
}

describe('writeGlb', () => {
  it('writes a GLB whose header and chunks are valid and padded to four bytes', () => {
    const mesh = ball();
    const glb = writeGlb(mesh, vertexNormals(mesh), 'Blood pool (preliminary)');
    const view = new DataView(glb.buffer, glb.byteOffset, glb.byteLength);
    expect(new TextDecoder().decode(glb.subarray(0, 4))).toBe('glTF');
    expect(view.getUint32(4, true)).toBe(2);
    expect(view.getUint32(8, true)).toBe(glb.length);
    const jsonLength = view.getUint32(12, true);
    expect(jsonLength % 4).toBe(0);
    expect(new TextDecoder().decode(glb.subarray(16, 20))).toBe('JSON');
    const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + jsonLength)));
    expect(new TextDecoder().decode(glb.subarray(24 + jsonLength, 28 + jsonLength))).toBe('BIN\0');
    const binLength = view.getUint32(20 + jsonLength, true);
    expect(binLength % 4).toBe(0);
    expect(20 + jsonLength + 8 + binLength).toBe(glb.length);
    expect(json.buffers[0].byteLength).toBe(binLength);
    expect(json.accessors[0].min[0]).toBeCloseTo(-140.25 + 1.5, 1);
    expect(json.asset.extras.units).toBe('mm');
  });

  it('is read by three.js GLTFLoader with positions, unit normals and indices intact', async () => {
    const mesh = ball();
    const normals = vertexNormals(mesh);
    const geometry = await loadWithThree(writeGlb(mesh, normals, 'ball'));
    expect(Array.from(geometry.getAttribute('position').array)).toEqual(Array.from(mesh.positions));
    expect(Array.from(geometry.getAttribute('normal').array)).toEqual(Array.from(normals));
    expect(Array.from(geometry.getIndex()?.array ?? [])).toEqual(Array.from(mesh.indices));
    expect(geometry.getIndex()?.array).toBeInstanceOf(Uint16Array);
  });

  it('switches to 32-bit indices past 65,535 vertices', async () => {
    const vertices = 70_000;
    const positions = Float32Array.from({ length: 3 * vertices }, (_, i) => i % 97);
    const indices = Uint32Array.from({ length: 3 * 1000 }, (_, i) => (i * 7919) % vertices);
    const geometry = await loadWithThree(writeGlb({ positions, indices }, new Float32Array(positions.length), 'big'));
    expect(geometry.getIndex()?.array).toBeInstanceOf(Uint32Array);
    expect(Array.from(geometry.getIndex()?.array ?? [])).toEqual(Array.from(indices));
  });
});
