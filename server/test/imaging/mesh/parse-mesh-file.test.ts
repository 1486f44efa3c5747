import { describe, expect, it } from 'vitest';
import { MeshError } from '../../../src/imaging/mesh/mesh-limits.ts';
import { meshFormatOf, parseMeshFile } from '../../../src/imaging/mesh/parse-mesh-file.ts';
import {
  asciiPly,
  asciiStl,
  binaryPly,
  binaryStl,
  bytes,
  glb,
  objText,
  TETRA_FACES,
  TETRA_POINTS,
  vtp,
} from './mesh-samples.ts';

const refused = (data: Uint8Array, format: Parameters<typeof parseMeshFile>[1], message: RegExp) => {
  let error: unknown;
  try {
    parseMeshFile(data, format);
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(MeshError);
  expect((error as Error).message).toMatch(message);
};

describe('parseMeshFile: well-formed files', () => {
  it.each([
    ['binary STL', binaryStl(), 'stl'],
    ['ASCII STL', bytes(asciiStl()), 'stl'],
    ['OBJ', bytes(objText()), 'obj'],
    ['ASCII PLY', bytes(asciiPly()), 'ply'],
    ['binary PLY', binaryPly(), 'ply'],
    ['GLB', glb(), 'glb'],
    ['VTP', bytes(vtp()), 'vtp'],
  ] as const)('reads a tetrahedron from %s with welded vertices', (_, data, format) => {
    const mesh = parseMeshFile(data, format);
    expect(mesh.indices.length).toBe(12);
    expect(mesh.positions.length).toBe(12);
    const vertices = (m: typeof mesh) =>
      Array.from({ length: m.positions.length / 3 }, (_, v) => Array.from(m.positions.subarray(3 * v, 3 * v + 3)));
    expect(vertices(mesh).sort()).toEqual(TETRA_POINTS.map((p) => [...p]).sort());
    // Each triangle names the same corners as the file's, whatever order the vertices were welded in.
    const corners = Array.from({ length: 4 }, (_, t) =>
      Array.from(mesh.indices.subarray(3 * t, 3 * t + 3), (i) => vertices(mesh)[i]),
    );
    expect(corners).toEqual(TETRA_FACES.map((f) => f.map((p) => TETRA_POINTS[p])));
  });

  it('reads an embedded-buffer glTF and applies node transforms', () => {
    const file = glb((json) => {
      json.nodes[0].translation = [100, 0, 0];
    });
    const binStart = file.length - (48 + 24);
    const data = Buffer.from(file.subarray(binStart)).toString('base64');
    const json = {
      asset: { version: '2.0' },
      nodes: [{ mesh: 0, translation: [100, 0, 0] }],
      meshes: [{ primitives: [{ attributes: { POSITION: 0 }, indices: 1 }] }],
      buffers: [{ byteLength: 72, uri: `data:application/octet-stream;base64,${data}` }],
      bufferViews: [
        { buffer: 0, byteOffset: 0, byteLength: 48 },
        { buffer: 0, byteOffset: 48, byteLength: 24 },
      ],
      accessors: [
        { bufferView: 0, componentType: 5126, count: 4, type: 'VEC3' },
        { bufferView: 1, componentType: 5123, count: 12, type: 'SCALAR' },
      ],
    };
    const mesh = parseMeshFile(bytes(JSON.stringify(json)), 'gltf');
    expect(mesh.positions[0]).toBe(100);
    expect(mesh.indices.length).toBe(12);
  });

  it('fans polygons and resolves negative OBJ indices', () => {
    const mesh = parseMeshFile(bytes('v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nf -4/1/1 -3/2/1 -2/3/1 -1/4/1\n'), 'obj');
    expect(Array.from(mesh.indices)).toEqual([0, 1, 2, 0, 2, 3]);
  });

  it('knows the formats by file name', () => {
    expect(meshFormatOf('Aorta.STL')).toBe('stl');
    expect(meshFormatOf('model.glb')).toBe('glb');
    expect(meshFormatOf('scan.zip')).toBeNull();
  });
});

describe('parseMeshFile: hostile and corrupt files are refused with a clear message', () => {
  it('refuses an empty file', () => refused(new Uint8Array(), 'stl', /empty/));

  it('refuses a truncated binary STL and a huge declared triangle count', () => {
    refused(binaryStl().subarray(0, 150), 'stl', /truncated/);
    refused(binaryStl(TETRA_FACES, TETRA_POINTS, 0xffffffff), 'stl', /more than/);
    refused(binaryStl(TETRA_FACES, TETRA_POINTS, 1000), 'stl', /truncated or not an STL/);
    refused(new Uint8Array(20), 'stl', /shorter than its header/);
  });

  it('refuses NaN and Infinity vertices in every format', () => {
    refused(binaryStl(TETRA_FACES, [[Number.NaN, 0, 0], ...TETRA_POINTS.slice(1)]), 'stl', /not a finite number/);
    refused(bytes(asciiStl(TETRA_FACES, [['1e400', 0, 0], ...TETRA_POINTS.slice(1)])), 'stl', /not a finite number/);
    refused(bytes(asciiStl(TETRA_FACES, [['nan', 0, 0], ...TETRA_POINTS.slice(1)])), 'stl', /not a finite number/);
    refused(bytes('v NaN 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n'), 'obj', /not a finite number/);
    refused(bytes(vtp('Infinity 0 0 10 0 0 0 10 0 0 0 10')), 'vtp', /not a finite number/);
  });

  it('refuses a truncated ASCII STL', () => {
    refused(bytes(asciiStl().slice(0, 120)), 'stl', /truncated/);
  });

  it('refuses out-of-range indices', () => {
    refused(bytes(objText([[1, 2, 99]])), 'obj', /outside/);
    refused(bytes(asciiPly([[0, 1, 7]])), 'ply', /outside/);
    refused(bytes(vtp(undefined, '3 6 9 99')), 'vtp', /invalid offset/);
    refused(
      glb((json) => {
        json.accessors[1].count = 12;
        json.bufferViews[1].byteLength = 24;
      }, 0).map((b, i, all) => (i === all.length - 2 ? 0xff : b)),
      'glb',
      /outside its 4 vertices/,
    );
  });

  it('refuses PLY files declaring huge counts or ending early', () => {
    refused(bytes(asciiPly(TETRA_FACES as number[][], 2_000_000_000)), 'ply', /more than/);
    refused(binaryPly(400_000), 'ply', /truncated/);
    refused(bytes('ply\nformat ascii 1.0\nelement vertex 3\n'), 'ply', /end_header/);
    refused(bytes('plyx'), 'ply', /not a PLY/);
  });

  it('refuses GLB files with a wrong magic, a lying length or absurd buffer lengths (zip-bomb-like)', () => {
    const good = glb();
    const wrongMagic = good.slice();
    wrongMagic[0] = 0x50;
    refused(wrongMagic, 'glb', /not a GLB/);
    refused(good.subarray(0, good.length - 10), 'glb', /header says/);
    refused(
      glb((json) => {
        json.buffers[0].byteLength = 4_000_000_000;
      }),
      'glb',
      /declares 4000000000 bytes/,
    );
    refused(
      glb((json) => {
        json.accessors[0].count = 1_000_000_000;
      }),
      'glb',
      /needs more bytes/,
    );
    refused(
      glb((json) => {
        json.bufferViews[0].byteLength = 2 ** 40;
      }),
      'glb',
      /outside its buffer/,
    );
    const lyingChunk = good.slice();
    new DataView(lyingChunk.buffer).setUint32(12, 0x7fffffff, true);
    refused(lyingChunk, 'glb', /claims more bytes/);
  });

  it('refuses cyclic glTF node trees and external buffers', () => {
    refused(
      glb((json) => {
        json.nodes = [{ children: [1] }, { children: [0], mesh: 0 }];
      }),
      'glb',
      /cyclic/,
    );
    refused(
      bytes(
        JSON.stringify({
          buffers: [{ uri: 'aorta.bin', byteLength: 72 }],
          nodes: [{ mesh: 0 }],
          meshes: [{ primitives: [{ attributes: { POSITION: 0 } }] }],
          accessors: [{ bufferView: 0, componentType: 5126, count: 3, type: 'VEC3' }],
          bufferViews: [{ buffer: 0, byteLength: 36 }],
        }),
      ),
      'gltf',
      /external buffer/,
    );
    refused(bytes('{not json'), 'gltf', /cannot be read/);
  });

  it('refuses a VTP with fewer points than declared, compressed or appended data', () => {
    refused(bytes(vtp(undefined, undefined, 5)), 'vtp', /declares 5 points/);
    refused(
      bytes(vtp().replace('byte_order="LittleEndian"', 'byte_order="LittleEndian" compressor="vtkZLibDataCompressor"')),
      'vtp',
      /Compressed/,
    );
    refused(bytes('<VTKFile type="PolyData"><AppendedData encoding="raw">'), 'vtp', /appended/);
    refused(bytes('<VTKFile type="UnstructuredGrid">'), 'vtp', /not a VTK PolyData/);
  });

  it('refuses a file of the wrong kind (a PNG named .stl, binary junk named .obj)', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(200).fill(1)]);
    refused(png, 'stl', /more than|truncated or not an STL/);
    refused(png, 'obj', /no triangles/);
    refused(png, 'glb', /not a GLB/);
  });
});
