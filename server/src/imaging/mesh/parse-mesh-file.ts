import type { TriangleMesh } from '../surface/mesh.ts';
import { MESH_LIMITS, meshError } from './mesh-limits.ts';
import { parseGlb, parseGltfJson } from './parse-gltf.ts';
import { parseObj } from './parse-obj.ts';
import { parsePly } from './parse-ply.ts';
import { parseStl } from './parse-stl.ts';
import { parseVtp } from './parse-vtp.ts';

export type MeshFileFormat = 'stl' | 'ply' | 'obj' | 'gltf' | 'glb' | 'vtp';
export const MESH_FILE_FORMATS: readonly MeshFileFormat[] = ['stl', 'ply', 'obj', 'gltf', 'glb', 'vtp'];

/** The format a file name announces, or null. */
export function meshFormatOf(filename: string): MeshFileFormat | null {
  const extension = filename.toLowerCase().split('.').at(-1) ?? '';
  return (MESH_FILE_FORMATS as readonly string[]).includes(extension) ? (extension as MeshFileFormat) : null;
}

/**
 * Reads a mesh file of the format its name announces; the file's own magic must agree (a PNG renamed to
 * .glb is refused by its first bytes, not after a long parse). Every failure is a MeshError.
 */
export function parseMeshFile(data: Uint8Array, format: MeshFileFormat): TriangleMesh {
  if (data.length === 0) throw meshError('The file is empty.');
  if (data.length > MESH_LIMITS.maxBytes) throw meshError('The file is larger than 200 MB.');
  switch (format) {
    case 'stl':
      return parseStl(data);
    case 'ply':
      return parsePly(data);
    case 'obj':
      return parseObj(data);
    case 'glb':
      return parseGlb(data);
    case 'gltf':
      return parseGltfJson(data);
    case 'vtp':
      return parseVtp(data);
  }
}
