import { endianness } from 'node:os';
import type { TriangleMesh } from './mesh.ts';

export const GLB_MIME_TYPE = 'model/gltf-binary';

const ARRAY_BUFFER = 34962;
const ELEMENT_ARRAY_BUFFER = 34963;
const FLOAT = 5126;
const UNSIGNED_SHORT = 5123;
const UNSIGNED_INT = 5125;
const TRIANGLES = 4;

/**
 * One mesh as binary glTF 2.0 (GLB): positions, unit normals and indices in one buffer, no material (the
 * viewer draws scene objects with its own). Positions stay in millimetres in DICOM patient coordinates,
 * like the volume and the landmarks, so the scene needs no conversion; `asset.extras` says so, since
 * glTF's own convention is metres, +Y up. Indices are 16-bit when the vertices allow it, to stay small.
 */
export function writeGlb(mesh: TriangleMesh, normals: Float32Array, name: string): Uint8Array {
  if (endianness() !== 'LE') throw new Error('writeGlb: glTF buffers are little-endian; this machine is not');
  const vertexCount = mesh.positions.length / 3;
  const indices = vertexCount <= 0xffff ? Uint16Array.from(mesh.indices) : mesh.indices;
  const views = [mesh.positions, normals, indices].map(
    (data) => new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
  );
  const offsets: number[] = [];
  let binLength = 0;
  for (const view of views) {
    offsets.push(binLength);
    binLength += align4(view.byteLength);
  }
  const json = {
    asset: {
      version: '2.0',
      generator: 'CardioMap surface job',
      extras: { units: 'mm', coordinates: 'DICOM patient (LPS)' },
    },
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes: [{ mesh: 0, name }],
    meshes: [{ name, primitives: [{ attributes: { POSITION: 0, NORMAL: 1 }, indices: 2, mode: TRIANGLES }] }],
    buffers: [{ byteLength: binLength }],
    bufferViews: views.map((view, i) => ({
      buffer: 0,
      byteOffset: offsets[i],
      byteLength: view.byteLength,
      target: i === 2 ? ELEMENT_ARRAY_BUFFER : ARRAY_BUFFER,
    })),
    accessors: [
      { bufferView: 0, componentType: FLOAT, count: vertexCount, type: 'VEC3', ...bounds(mesh.positions) },
      { bufferView: 1, componentType: FLOAT, count: vertexCount, type: 'VEC3' },
      {
        bufferView: 2,
        componentType: indices instanceof Uint16Array ? UNSIGNED_SHORT : UNSIGNED_INT,
        count: indices.length,
        type: 'SCALAR',
      },
    ],
  };
  const jsonBytes = new TextEncoder().encode(JSON.stringify(json));
  const jsonLength = align4(jsonBytes.length);
  const total = 12 + 8 + jsonLength + 8 + binLength;
  const out = new Uint8Array(total);
  const head = new DataView(out.buffer);
  head.setUint32(0, 0x46546c67, true); // 'glTF'
  head.setUint32(4, 2, true);
  head.setUint32(8, total, true);
  head.setUint32(12, jsonLength, true);
  head.setUint32(16, 0x4e4f534a, true); // 'JSON'
  out.set(jsonBytes, 20);
  out.fill(0x20, 20 + jsonBytes.length, 20 + jsonLength); // JSON chunks pad with spaces
  const binStart = 20 + jsonLength;
  head.setUint32(binStart, binLength, true);
  head.setUint32(binStart + 4, 0x004e4942, true); // 'BIN\0'
  views.forEach((view, i) => {
    out.set(view, binStart + 8 + offsets[i]!);
  });
  return out;
}

const align4 = (n: number) => (n + 3) & ~3;

/** glTF requires min and max on POSITION accessors. */
function bounds(p: Float32Array): { min: number[]; max: number[] } {
  const min = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY];
  const max = [Number.NEGATIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.NEGATIVE_INFINITY];
  for (let v = 0; v < p.length; v += 3) {
    for (let k = 0; k < 3; k++) {
      min[k] = Math.min(min[k]!, p[v + k]!);
      max[k] = Math.max(max[k]!, p[v + k]!);
    }
  }
  return { min, max };
}
