import type { TriangleMesh } from '../surface/mesh.ts';
import { checkDeclaredCount, MeshBuilder } from './mesh-builder.ts';
import { meshError } from './mesh-limits.ts';
import { forEachLine } from './text-lines.ts';
import { VertexWelder } from './vertex-welder.ts';

const HEADER = 80;
const FACET = 50;

/**
 * STL, binary or ASCII. A file whose size is exactly what its triangle count says is binary, even when
 * its 80-byte header starts with "solid" (many exporters write that); otherwise it must be ASCII.
 */
export function parseStl(data: Uint8Array): TriangleMesh {
  if (data.length >= HEADER + 4) {
    const count = new DataView(data.buffer, data.byteOffset, data.byteLength).getUint32(HEADER, true);
    if (data.length === HEADER + 4 + count * FACET) return parseBinary(data, count);
  }
  if (startsWithSolid(data)) return parseAscii(data);
  if (data.length < HEADER + 4) throw meshError('The STL file is truncated: it is shorter than its header.');
  const count = new DataView(data.buffer, data.byteOffset, data.byteLength).getUint32(HEADER, true);
  checkDeclaredCount('triangles', count);
  throw meshError(
    `The STL file declares ${count.toLocaleString('en')} triangles (${(HEADER + 4 + count * FACET).toLocaleString('en')} bytes) but holds ${data.length.toLocaleString('en')} bytes: it is truncated or not an STL file.`,
  );
}

function parseBinary(data: Uint8Array, count: number): TriangleMesh {
  checkDeclaredCount('triangles', count);
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const builder = new MeshBuilder();
  const welder = new VertexWelder(builder);
  for (let t = 0; t < count; t++) {
    const at = HEADER + 4 + t * FACET + 12; // after the facet normal, which the scene recomputes
    const corner = (k: number) =>
      welder.vertex(
        view.getFloat32(at + 12 * k, true),
        view.getFloat32(at + 12 * k + 4, true),
        view.getFloat32(at + 12 * k + 8, true),
      );
    builder.addTriangle(corner(0), corner(1), corner(2));
  }
  return builder.finish();
}

function startsWithSolid(data: Uint8Array): boolean {
  let i = 0;
  while (i < data.length && (data[i] === 0x20 || data[i] === 0x09 || data[i] === 0x0a || data[i] === 0x0d)) i++;
  return new TextDecoder('latin1').decode(data.subarray(i, i + 5)).toLowerCase() === 'solid';
}

function parseAscii(data: Uint8Array): TriangleMesh {
  const builder = new MeshBuilder();
  const welder = new VertexWelder(builder);
  let corners: number[] = [];
  let ended = false;
  forEachLine(data, (line, number) => {
    const words = line.trim().split(/\s+/);
    const keyword = words[0]?.toLowerCase();
    if (keyword === 'vertex') {
      if (words.length !== 4) throw meshError(`Line ${number}: a vertex needs three coordinates.`);
      corners.push(welder.vertex(Number(words[1]), Number(words[2]), Number(words[3])));
    } else if (keyword === 'endloop') {
      if (corners.length !== 3) throw meshError(`Line ${number}: a facet needs three vertices, not ${corners.length}.`);
      builder.addTriangle(corners[0]!, corners[1]!, corners[2]!);
      corners = [];
    } else if (keyword === 'endsolid') {
      ended = true;
    }
  });
  if (corners.length > 0 || !ended) throw meshError('The ASCII STL file is truncated: it ends inside a solid.');
  return builder.finish();
}
