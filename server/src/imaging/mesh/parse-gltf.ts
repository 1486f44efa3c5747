import type { TriangleMesh } from '../surface/mesh.ts';
import { identity, multiply, nodeMatrix, transformPoint } from './gltf-matrix.ts';
import { MeshBuilder } from './mesh-builder.ts';
import { MESH_LIMITS, meshError } from './mesh-limits.ts';

const GLB_MAGIC = 0x46546c67; // 'glTF'
const JSON_CHUNK = 0x4e4f534a;
const BIN_CHUNK = 0x004e4942;
const TRIANGLES = 4;
const FLOAT = 5126;
const INDEX_SIZES: Record<number, number> = { 5121: 1, 5123: 2, 5125: 4 };

interface Gltf {
  scene?: number;
  scenes?: { nodes?: number[] }[];
  nodes?: {
    mesh?: number;
    children?: number[];
    matrix?: number[];
    translation?: number[];
    rotation?: number[];
    scale?: number[];
  }[];
  meshes?: { primitives?: { attributes?: Record<string, number>; indices?: number; mode?: number }[] }[];
  accessors?: {
    bufferView?: number;
    byteOffset?: number;
    componentType?: number;
    count?: number;
    type?: string;
    sparse?: unknown;
  }[];
  bufferViews?: { buffer?: number; byteOffset?: number; byteLength?: number; byteStride?: number }[];
  buffers?: { byteLength?: number; uri?: string }[];
}

/** Binary glTF: the header's length must be the file's, each chunk inside the file, then as glTF JSON. */
export function parseGlb(data: Uint8Array): TriangleMesh {
  if (data.length < 20) throw meshError('The GLB file is truncated: it is shorter than its header.');
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  if (view.getUint32(0, true) !== GLB_MAGIC) throw meshError('This is not a GLB file: its first bytes are not "glTF".');
  if (view.getUint32(4, true) !== 2) throw meshError('Only glTF 2.0 files are accepted.');
  if (view.getUint32(8, true) !== data.length) {
    throw meshError(
      `The GLB header says ${view.getUint32(8, true).toLocaleString('en')} bytes but the file holds ${data.length.toLocaleString('en')}.`,
    );
  }
  let json: Gltf | null = null;
  let bin: Uint8Array | null = null;
  for (let at = 12; at < data.length; ) {
    if (at + 8 > data.length) throw meshError('The GLB file is truncated inside a chunk header.');
    const length = view.getUint32(at, true);
    const type = view.getUint32(at + 4, true);
    if (length > data.length - at - 8) throw meshError('A GLB chunk claims more bytes than the file holds.');
    const body = data.subarray(at + 8, at + 8 + length);
    if (type === JSON_CHUNK && !json) json = readJson(body);
    else if (type === BIN_CHUNK && !bin) bin = body;
    at += 8 + length;
  }
  if (!json) throw meshError('The GLB file has no JSON chunk.');
  return meshOf(json, (index, buffer) => {
    if (index !== 0 || buffer.uri !== undefined || !bin)
      throw meshError('The GLB file refers to a buffer it does not hold.');
    return bin;
  });
}

/** glTF JSON: buffers must be embedded as base64 data URIs (external files cannot be uploaded with it). */
export function parseGltfJson(data: Uint8Array): TriangleMesh {
  const json = readJson(data);
  return meshOf(json, (_index, buffer) => {
    const match = /^data:[\w/.+-]*;base64,/.exec(buffer.uri ?? '');
    if (!match) throw meshError('The glTF file refers to an external buffer; upload it as a single GLB file instead.');
    return new Uint8Array(Buffer.from((buffer.uri as string).slice(match[0].length), 'base64'));
  });
}

function readJson(bytes: Uint8Array): Gltf {
  if (bytes.length > MESH_LIMITS.maxJsonBytes) throw meshError('The glTF JSON is larger than 16 MB.');
  try {
    const parsed: unknown = JSON.parse(new TextDecoder().decode(bytes));
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
    return parsed as Gltf;
  } catch {
    throw meshError('The glTF JSON cannot be read.');
  }
}

/** The triangles of every mesh the default scene's nodes draw, in scene coordinates. */
function meshOf(
  gltf: Gltf,
  loadBuffer: (index: number, buffer: { uri?: string; byteLength?: number }) => Uint8Array,
): TriangleMesh {
  const buffers = new Map<number, Uint8Array>();
  const bufferOf = (index: number) => {
    const cached = buffers.get(index);
    if (cached) return cached;
    const declared = gltf.buffers?.[index];
    if (!declared) throw meshError(`The glTF file refers to buffer ${index}, which it does not declare.`);
    const bytes = loadBuffer(index, declared);
    if (!Number.isSafeInteger(declared.byteLength) || (declared.byteLength as number) > bytes.length) {
      throw meshError(`glTF buffer ${index} declares ${declared.byteLength} bytes but holds ${bytes.length}.`);
    }
    buffers.set(index, bytes);
    return bytes;
  };
  const builder = new MeshBuilder();
  const scene = gltf.scenes?.[gltf.scene ?? 0];
  const roots = scene?.nodes ?? (gltf.nodes ?? []).map((_, i) => i);
  const onPath = new Set<number>();
  const visit = (nodeIndex: number, parent: number[], depth: number) => {
    const node = gltf.nodes?.[nodeIndex];
    if (!node) throw meshError(`The glTF scene refers to node ${nodeIndex}, which does not exist.`);
    if (depth > MESH_LIMITS.maxNodeDepth || onPath.has(nodeIndex))
      throw meshError('The glTF node tree is cyclic or too deep.');
    onPath.add(nodeIndex);
    const matrix = multiply(parent, nodeMatrix(node));
    if (node.mesh !== undefined) addMesh(gltf, node.mesh, matrix, builder, bufferOf);
    for (const child of node.children ?? []) visit(child, matrix, depth + 1);
    onPath.delete(nodeIndex);
  };
  for (const root of roots) visit(root, identity(), 0);
  return builder.finish();
}

function addMesh(
  gltf: Gltf,
  meshIndex: number,
  matrix: number[],
  builder: MeshBuilder,
  bufferOf: (i: number) => Uint8Array,
) {
  const mesh = gltf.meshes?.[meshIndex];
  if (!mesh) throw meshError(`The glTF file refers to mesh ${meshIndex}, which does not exist.`);
  for (const primitive of mesh.primitives ?? []) {
    if ((primitive.mode ?? TRIANGLES) !== TRIANGLES) continue; // lines and points draw no surface
    const position = primitive.attributes?.POSITION;
    if (position === undefined) continue;
    const positions = readAccessor(gltf, position, bufferOf, 'position');
    const base = builder.vertexCount;
    for (let v = 0; v < positions.count; v++) {
      const [x, y, z] = transformPoint(matrix, positions.get(v, 0), positions.get(v, 1), positions.get(v, 2));
      builder.addVertex(x, y, z);
    }
    if (primitive.indices === undefined) {
      if (positions.count % 3 !== 0)
        throw meshError('A glTF primitive without indices needs a multiple of three vertices.');
      for (let v = 0; v < positions.count; v += 3) builder.addTriangle(base + v, base + v + 1, base + v + 2);
      continue;
    }
    const indices = readAccessor(gltf, primitive.indices, bufferOf, 'index');
    if (indices.count % 3 !== 0)
      throw meshError('A glTF primitive has a number of indices that is not a multiple of three.');
    for (let i = 0; i < indices.count; i += 3) {
      const a = indices.get(i, 0);
      const b = indices.get(i + 1, 0);
      const c = indices.get(i + 2, 0);
      for (const index of [a, b, c]) {
        if (index >= positions.count)
          throw meshError(`A glTF index (${index}) is outside its ${positions.count} vertices.`);
      }
      builder.addTriangle(base + a, base + b, base + c);
    }
  }
}

/** An accessor checked against its buffer view and buffer, answering its components by element. */
function readAccessor(gltf: Gltf, index: number, bufferOf: (i: number) => Uint8Array, kind: 'position' | 'index') {
  const accessor = gltf.accessors?.[index];
  if (!accessor) throw meshError(`The glTF file refers to accessor ${index}, which does not exist.`);
  if (accessor.sparse) throw meshError('Sparse glTF accessors are not accepted.');
  const count = accessor.count;
  if (!Number.isSafeInteger(count) || (count as number) < 0)
    throw meshError(`glTF accessor ${index} has an invalid count.`);
  const components = kind === 'position' ? 3 : 1;
  const size = kind === 'position' ? 4 : INDEX_SIZES[accessor.componentType ?? 0];
  if (kind === 'position' && (accessor.componentType !== FLOAT || accessor.type !== 'VEC3')) {
    throw meshError('glTF positions must be float VEC3.');
  }
  if (kind === 'index' && (!size || accessor.type !== 'SCALAR'))
    throw meshError('glTF indices must be unsigned integer scalars.');
  const viewIndex = accessor.bufferView;
  const bufferView = viewIndex === undefined ? undefined : gltf.bufferViews?.[viewIndex];
  if (!bufferView) throw meshError(`glTF accessor ${index} has no buffer view.`);
  const buffer = bufferOf(bufferView.buffer ?? 0);
  const viewStart = bufferView.byteOffset ?? 0;
  const viewLength = bufferView.byteLength ?? -1;
  if (
    !Number.isSafeInteger(viewStart) ||
    !Number.isSafeInteger(viewLength) ||
    viewStart < 0 ||
    viewLength < 0 ||
    viewStart + viewLength > buffer.length
  ) {
    throw meshError(`glTF buffer view ${viewIndex} lies outside its buffer.`);
  }
  const element = components * (size as number);
  const stride = bufferView.byteStride ?? element;
  const offset = accessor.byteOffset ?? 0;
  if (!Number.isSafeInteger(stride) || stride < element || !Number.isSafeInteger(offset) || offset < 0) {
    throw meshError(`glTF accessor ${index} has an invalid offset or stride.`);
  }
  const n = count as number;
  if (n > 0 && offset + stride * (n - 1) + element > viewLength) {
    throw meshError(`glTF accessor ${index} needs more bytes than its buffer view holds.`);
  }
  const view = new DataView(buffer.buffer, buffer.byteOffset + viewStart, viewLength);
  const get = (i: number, component: number): number => {
    const at = offset + i * stride + component * (size as number);
    if (kind === 'position') return view.getFloat32(at, true);
    return size === 1 ? view.getUint8(at) : size === 2 ? view.getUint16(at, true) : view.getUint32(at, true);
  };
  return { count: n, get };
}
