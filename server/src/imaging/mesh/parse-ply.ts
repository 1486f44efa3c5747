import type { TriangleMesh } from '../surface/mesh.ts';
import { checkDeclaredCount, MeshBuilder } from './mesh-builder.ts';
import { MESH_LIMITS, meshError } from './mesh-limits.ts';
import { forEachLine } from './text-lines.ts';

type Scalar = 'int8' | 'uint8' | 'int16' | 'uint16' | 'int32' | 'uint32' | 'float32' | 'float64';
const SIZES: Record<Scalar, number> = {
  int8: 1,
  uint8: 1,
  int16: 2,
  uint16: 2,
  int32: 4,
  uint32: 4,
  float32: 4,
  float64: 8,
};
const ALIASES: Record<string, Scalar> = {
  char: 'int8',
  uchar: 'uint8',
  short: 'int16',
  ushort: 'uint16',
  int: 'int32',
  uint: 'uint32',
  float: 'float32',
  double: 'float64',
  int8: 'int8',
  uint8: 'uint8',
  int16: 'int16',
  uint16: 'uint16',
  int32: 'int32',
  uint32: 'uint32',
  float32: 'float32',
  float64: 'float64',
};

interface Property {
  name: string;
  type: Scalar;
  /** For a list: the type of its length. */
  countType?: Scalar;
}
interface Element {
  name: string;
  count: number;
  properties: Property[];
}
type Format = 'ascii' | 'binary_little_endian' | 'binary_big_endian';

/** PLY (ASCII or binary): the vertex element's x, y, z and the face element's vertex index lists. */
export function parsePly(data: Uint8Array): TriangleMesh {
  const { format, elements, bodyStart } = readHeader(data);
  const vertex = elements.find((e) => e.name === 'vertex');
  const face = elements.find((e) => e.name === 'face');
  if (!vertex || !face) throw meshError('The PLY file has no vertex or no face element.');
  checkDeclaredCount('vertices', vertex.count);
  checkDeclaredCount('faces', face.count);
  const axes = ['x', 'y', 'z'].map((axis) => vertex.properties.findIndex((p) => p.name === axis && !p.countType));
  if (axes.some((i) => i < 0)) throw meshError('The PLY vertex element lacks x, y or z.');
  const list = face.properties.findIndex(
    (p) => p.countType && (p.name === 'vertex_indices' || p.name === 'vertex_index'),
  );
  if (list < 0) throw meshError('The PLY face element has no vertex_indices list.');
  const builder = new MeshBuilder();
  const onRow = (element: Element, values: number[][]) => {
    if (element === vertex) builder.addVertex(values[axes[0]!]![0]!, values[axes[1]!]![0]!, values[axes[2]!]![0]!);
    else if (element === face) builder.addPolygon(values[list]!);
  };
  if (format === 'ascii') readAscii(data, bodyStart, elements, onRow);
  else readBinary(data, bodyStart, elements, format === 'binary_little_endian', onRow);
  if (builder.vertexCount !== vertex.count) throw meshError('The PLY file is truncated: vertices are missing.');
  return builder.finish();
}

function readHeader(data: Uint8Array): { format: Format; elements: Element[]; bodyStart: number } {
  const head = new TextDecoder('latin1').decode(data.subarray(0, MESH_LIMITS.maxHeaderBytes));
  if (!/^ply\r?\n/.test(head)) throw meshError('This is not a PLY file: it does not start with "ply".');
  const end = head.search(/end_header\r?\n/);
  if (end < 0) throw meshError('The PLY header has no end_header line (or is longer than 64 kB).');
  const bodyStart = end + head.slice(end).indexOf('\n') + 1;
  let format: Format | null = null;
  const elements: Element[] = [];
  for (const line of head.slice(0, end).split(/\r?\n/).slice(1)) {
    const words = line.trim().split(/\s+/);
    if (words[0] === 'format') {
      if (!['ascii', 'binary_little_endian', 'binary_big_endian'].includes(words[1] ?? '')) {
        throw meshError(`Unknown PLY format "${words[1]}".`);
      }
      format = words[1] as Format;
    } else if (words[0] === 'element') {
      elements.push({ name: words[1] ?? '', count: Number(words[2]), properties: [] });
      if (!Number.isSafeInteger(Number(words[2])) || Number(words[2]) < 0)
        throw meshError(`The PLY element "${words[1]}" has an invalid count.`);
    } else if (words[0] === 'property') {
      const element = elements.at(-1);
      if (!element) throw meshError('A PLY property comes before any element.');
      element.properties.push(
        words[1] === 'list' ? listProperty(words) : { name: words[2] ?? '', type: scalar(words[1]) },
      );
    }
  }
  if (!format) throw meshError('The PLY header names no format.');
  return { format, elements, bodyStart };
}

const scalar = (name: string | undefined): Scalar => {
  const type = ALIASES[name ?? ''];
  if (!type) throw meshError(`Unknown PLY property type "${name}".`);
  return type;
};
const listProperty = (words: string[]): Property => ({
  name: words[4] ?? '',
  countType: scalar(words[2]),
  type: scalar(words[3]),
});

function readAscii(data: Uint8Array, start: number, elements: Element[], onRow: (e: Element, v: number[][]) => void) {
  let element = 0;
  let row = 0;
  forEachLine(
    data,
    (line, number) => {
      const words = line.trim().split(/\s+/).filter(Boolean);
      if (words.length === 0) return;
      while (element < elements.length && row >= elements[element]!.count) {
        element++;
        row = 0;
      }
      const current = elements[element];
      if (!current) return;
      const values: number[][] = [];
      let at = 0;
      for (const property of current.properties) {
        if (property.countType) {
          const n = Number(words[at++]);
          if (!Number.isInteger(n) || n < 0 || n > MESH_LIMITS.maxPolygonCorners)
            throw meshError(`Line ${number} of the PLY body has an invalid list length.`);
          values.push(words.slice(at, at + n).map(Number));
          at += n;
        } else values.push([Number(words[at++])]);
      }
      if (at > words.length) throw meshError(`Line ${number} of the PLY body has too few values.`);
      onRow(current, values);
      row++;
    },
    start,
  );
  if (element < elements.length - 1 || (elements[element] && row < elements[element]!.count)) {
    throw meshError('The PLY file is truncated: it ends before all its elements.');
  }
}

function readBinary(
  data: Uint8Array,
  start: number,
  elements: Element[],
  little: boolean,
  onRow: (e: Element, v: number[][]) => void,
) {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let at = start;
  const read = (type: Scalar): number => {
    if (at + SIZES[type] > data.length) throw meshError('The PLY file is truncated: its body ends early.');
    const value = readScalar(view, at, type, little);
    at += SIZES[type];
    return value;
  };
  for (const element of elements) {
    // A fixed-size element declares more bytes than the file has: refused before reading a row.
    if (element.properties.every((p) => !p.countType)) {
      const rowBytes = element.properties.reduce((sum, p) => sum + SIZES[p.type], 0);
      if (element.count * rowBytes > data.length - at)
        throw meshError(`The PLY file is truncated: its ${element.name} element needs more bytes than it has.`);
    }
    for (let r = 0; r < element.count; r++) {
      const values = element.properties.map((property) => {
        if (!property.countType) return [read(property.type)];
        const n = read(property.countType);
        if (n > MESH_LIMITS.maxPolygonCorners)
          throw meshError(`A PLY list has ${n} entries, more than ${MESH_LIMITS.maxPolygonCorners}.`);
        return Array.from({ length: n }, () => read(property.type));
      });
      onRow(element, values);
    }
  }
}

function readScalar(view: DataView, at: number, type: Scalar, little: boolean): number {
  switch (type) {
    case 'int8':
      return view.getInt8(at);
    case 'uint8':
      return view.getUint8(at);
    case 'int16':
      return view.getInt16(at, little);
    case 'uint16':
      return view.getUint16(at, little);
    case 'int32':
      return view.getInt32(at, little);
    case 'uint32':
      return view.getUint32(at, little);
    case 'float32':
      return view.getFloat32(at, little);
    case 'float64':
      return view.getFloat64(at, little);
  }
}
