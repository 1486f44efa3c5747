/** The mesh file formats the 3D scene reads (issue 5 §3: STL, PLY, OBJ, glTF/GLB, VTK PolyData). */
export type MeshFormat = 'stl' | 'ply' | 'obj' | 'gltf' | 'glb' | 'vtk' | 'vtp';

const BY_EXTENSION: Readonly<Record<string, MeshFormat>> = {
  stl: 'stl',
  ply: 'ply',
  obj: 'obj',
  gltf: 'gltf',
  glb: 'glb',
  vtk: 'vtk',
  vtp: 'vtp',
};

const BY_MIME_TYPE: Readonly<Record<string, MeshFormat>> = {
  'model/stl': 'stl',
  'application/sla': 'stl',
  'application/vnd.ms-pki.stl': 'stl',
  'model/x.stl-ascii': 'stl',
  'model/x.stl-binary': 'stl',
  'application/ply': 'ply',
  'model/ply': 'ply',
  'model/obj': 'obj',
  'model/gltf+json': 'gltf',
  'model/gltf-binary': 'glb',
  'application/vnd.kitware': 'vtk',
};

/**
 * The format of a scene file: the file name's extension first (analysts upload files whose MIME type
 * is often a generic octet-stream), then the MIME type; null when neither is known.
 */
export function detectMeshFormat(filename: string, mimeType?: string): MeshFormat | null {
  const name = filename.split(/[?#]/, 1)[0]!.toLowerCase();
  const dot = name.lastIndexOf('.');
  const byExtension = dot >= 0 ? BY_EXTENSION[name.slice(dot + 1)] : undefined;
  if (byExtension) return byExtension;
  const mime = (mimeType ?? '').split(';', 1)[0]!.trim().toLowerCase();
  return BY_MIME_TYPE[mime] ?? null;
}
