import type { TriangleMesh } from '../surface/mesh.ts';
import { checkDeclaredCount, MeshBuilder } from './mesh-builder.ts';
import { meshError } from './mesh-limits.ts';

type NumberArray = ArrayLike<number>;
const TYPES: Record<string, { size: number; read: (v: DataView, at: number) => number }> = {
  Float32: { size: 4, read: (v, at) => v.getFloat32(at, true) },
  Float64: { size: 8, read: (v, at) => v.getFloat64(at, true) },
  Int32: { size: 4, read: (v, at) => v.getInt32(at, true) },
  UInt32: { size: 4, read: (v, at) => v.getUint32(at, true) },
  Int64: { size: 8, read: (v, at) => Number(v.getBigInt64(at, true)) },
  UInt64: { size: 8, read: (v, at) => Number(v.getBigUint64(at, true)) },
};

/**
 * VTK XML PolyData (.vtp) with inline data arrays, ASCII or base64 binary, uncompressed, little-endian:
 * the Points and the Polys (connectivity and offsets) of its first piece.
 */
export function parseVtp(data: Uint8Array): TriangleMesh {
  const text = new TextDecoder('latin1').decode(data);
  const root = /<VTKFile\b([^>]*)>/.exec(text);
  if (!root || !/type="PolyData"/.test(root[1] ?? '')) throw meshError('This is not a VTK PolyData (.vtp) file.');
  const rootAttributes = root[1] ?? '';
  if (/compressor=/.test(rootAttributes))
    throw meshError('Compressed VTP files are not accepted: save it uncompressed.');
  if (/byte_order="BigEndian"/.test(rootAttributes)) throw meshError('Big-endian VTP files are not accepted.');
  if (/<AppendedData\b/.test(text))
    throw meshError('VTP files with appended data are not accepted: save it with inline (ascii or binary) data.');
  const header64 = /header_type="UInt64"/.test(rootAttributes);
  const piece = /<Piece\b([^>]*)>/.exec(text);
  if (!piece) throw meshError('The VTP file has no Piece.');
  const points = Number(attribute(piece[1] ?? '', 'NumberOfPoints'));
  const polys = Number(attribute(piece[1] ?? '', 'NumberOfPolys') ?? 0);
  checkDeclaredCount('vertices', points);
  checkDeclaredCount('faces', polys);
  const coordinates = dataArray(section(text, 'Points'), null, header64);
  const connectivity = dataArray(section(text, 'Polys'), 'connectivity', header64);
  const offsets = dataArray(section(text, 'Polys'), 'offsets', header64);
  if (coordinates.length !== points * 3)
    throw meshError(`The VTP file declares ${points} points but holds ${Math.floor(coordinates.length / 3)}.`);
  if (offsets.length !== polys)
    throw meshError(`The VTP file declares ${polys} polygons but holds ${offsets.length} offsets.`);
  const builder = new MeshBuilder();
  for (let p = 0; p < points; p++)
    builder.addVertex(coordinates[3 * p]!, coordinates[3 * p + 1]!, coordinates[3 * p + 2]!);
  let start = 0;
  for (let f = 0; f < polys; f++) {
    const end = offsets[f]!;
    if (!Number.isInteger(end) || end < start || end > connectivity.length)
      throw meshError(`VTP polygon ${f + 1} has an invalid offset.`);
    builder.addPolygon(Array.from({ length: end - start }, (_, k) => connectivity[start + k]!));
    start = end;
  }
  return builder.finish();
}

const attribute = (attributes: string, name: string): string | undefined =>
  new RegExp(`\\b${name}="([^"]*)"`).exec(attributes)?.[1];

function section(text: string, name: 'Points' | 'Polys'): string {
  const start = text.indexOf(`<${name}>`);
  const end = text.indexOf(`</${name}>`, start);
  if (start < 0 || end < 0) throw meshError(`The VTP file has no ${name} section.`);
  return text.slice(start, end);
}

/** The first DataArray of the section (or the one named `name`), decoded to numbers. */
function dataArray(sectionText: string, name: string | null, header64: boolean): NumberArray {
  const pattern = /<DataArray\b([^>]*)>([^<]*)<\/DataArray>/g;
  for (let match = pattern.exec(sectionText); match; match = pattern.exec(sectionText)) {
    const attributes = match[1] ?? '';
    if (name !== null && attribute(attributes, 'Name') !== name) continue;
    const type = TYPES[attribute(attributes, 'type') ?? ''];
    if (!type) throw meshError(`A VTP data array has an unsupported type "${attribute(attributes, 'type')}".`);
    const format = attribute(attributes, 'format');
    const body = match[2] ?? '';
    if (format === 'ascii') return body.trim() === '' ? [] : body.trim().split(/\s+/).map(Number);
    if (format === 'binary') return decodeBinary(body.trim(), type, header64);
    throw meshError(`A VTP data array has an unsupported format "${format}".`);
  }
  throw meshError(`The VTP file lacks the ${name ?? 'Points'} data array.`);
}

/** Inline binary: base64 of a byte count (UInt32 or UInt64) followed by that many bytes. */
function decodeBinary(
  base64: string,
  type: { size: number; read: (v: DataView, at: number) => number },
  header64: boolean,
) {
  const bytes = Buffer.from(base64, 'base64');
  const headerSize = header64 ? 8 : 4;
  if (bytes.length < headerSize) throw meshError('A VTP binary data array is truncated.');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const declared = header64 ? Number(view.getBigUint64(0, true)) : view.getUint32(0, true);
  if (declared > bytes.length - headerSize || declared % type.size !== 0) {
    throw meshError('A VTP binary data array declares more bytes than it holds.');
  }
  const out = new Float64Array(declared / type.size);
  for (let i = 0; i < out.length; i++) out[i] = type.read(view, headerSize + i * type.size);
  return out;
}
