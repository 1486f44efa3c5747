import type { BufferGeometry } from 'three';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MeshFormat } from './mesh-format.ts';
import { parseMesh } from './parse-mesh.ts';
import { asciiPly, asciiStl, binaryStl, glb, gltf, legacyVtk, obj, xmlVtp } from './testing/mesh-fixtures.ts';

const triangles = (g: BufferGeometry) => (g.index ? g.index.count : g.getAttribute('position').count) / 3;

describe('parseMesh', () => {
  // happy-dom's Attr lacks the nodeName and nodeValue that browsers give and the VTK XML reader uses.
  const shimmed = ['nodeName', 'nodeValue'] as const;
  const originals = shimmed.map((key) => Object.getOwnPropertyDescriptor(Attr.prototype, key));
  beforeAll(() => {
    for (const key of shimmed) {
      Object.defineProperty(Attr.prototype, key, {
        configurable: true,
        get(this: Attr) {
          return key === 'nodeName' ? this.name : this.value;
        },
      });
    }
  });
  afterAll(() => {
    shimmed.forEach((key, i) => {
      const original = originals[i];
      if (original) Object.defineProperty(Attr.prototype, key, original);
      else delete (Attr.prototype as unknown as Record<string, unknown>)[key];
    });
  });

  it.each<[string, () => ArrayBuffer, MeshFormat]>([
    ['ASCII STL', asciiStl, 'stl'],
    ['binary STL', binaryStl, 'stl'],
    ['ASCII PLY', asciiPly, 'ply'],
    ['OBJ', obj, 'obj'],
    ['legacy VTK PolyData', legacyVtk, 'vtk'],
    ['XML VTK PolyData (.vtp)', xmlVtp, 'vtp'],
    ['glTF', gltf, 'gltf'],
    ['GLB', glb, 'glb'],
  ])('reads the tetrahedron from %s in patient millimetres, with normals', async (_, fixture, format) => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const [geometry, ...more] = await parseMesh(fixture(), format);
    expect(more).toHaveLength(0);
    expect(triangles(geometry!)).toBe(4);
    expect(geometry!.getAttribute('normal')).toBeDefined();
    const { min, max } = geometry!.boundingBox!;
    const shift = format === 'gltf' || format === 'glb' ? 5 : 0; // the glTF node's translation is baked in
    expect(min.toArray()).toEqual([shift, 0, 0]);
    expect(max.toArray()).toEqual([10 + shift, 10, 10]);
  });

  it('welds STL facets so the surface can be shaded smoothly', async () => {
    const [geometry] = await parseMesh(binaryStl(), 'stl');
    expect(geometry!.getAttribute('position').count).toBe(4);
  });

  it('rejects a file without triangles', async () => {
    const empty = new TextEncoder().encode('# nothing here\n').buffer as ArrayBuffer;
    await expect(parseMesh(empty, 'obj')).rejects.toThrow('The OBJ file holds no surface.');
  });
});
