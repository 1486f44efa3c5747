import { type BufferGeometry, type Material, Mesh, type Object3D, Texture } from 'three';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';
import { OBJLoader } from 'three/addons/loaders/OBJLoader.js';
import { PLYLoader } from 'three/addons/loaders/PLYLoader.js';
import { STLLoader } from 'three/addons/loaders/STLLoader.js';
import { VTKLoader } from 'three/addons/loaders/VTKLoader.js';
import { mergeVertices } from 'three/addons/utils/BufferGeometryUtils.js';
import type { MeshFormat } from './mesh-format.ts';

/**
 * Scene files hold surfaces in patient coordinates (LPS, mm), as the ingest job and the analysts'
 * tools write them; their own materials are dropped because the visualisation object says how
 * each surface is drawn.
 */
export async function parseMesh(data: ArrayBuffer, format: MeshFormat): Promise<BufferGeometry[]> {
  const geometries = await parseByFormat(data, format);
  const surfaces = geometries.filter(hasTriangles);
  for (const dropped of geometries.filter((g) => !surfaces.includes(g))) dropped.dispose();
  if (surfaces.length === 0) throw new Error(`The ${format.toUpperCase()} file holds no surface.`);
  return surfaces.map(withNormals);
}

async function parseByFormat(data: ArrayBuffer, format: MeshFormat): Promise<BufferGeometry[]> {
  switch (format) {
    case 'stl':
      return [smoothed(new STLLoader().parse(data))];
    case 'ply':
      return [new PLYLoader().parse(data)];
    case 'obj':
      return bakedMeshes(new OBJLoader().parse(new TextDecoder().decode(data)));
    case 'gltf':
    case 'glb':
      return bakedMeshes((await new GLTFLoader().parseAsync(data, '')).scene);
    case 'vtk':
    case 'vtp':
      // The legacy loader reads ASCII, binary and XML (.vtp) PolyData alike, by the file's content.
      return [vtkLoader().parse(paddedForVtkSniffing(data), '')];
  }
}

let sharedVtkLoader: VTKLoader | null = null;
/** One instance: its constructor logs a deprecation warning (three r184) that once is enough of. */
function vtkLoader(): VTKLoader {
  sharedVtkLoader ??= new VTKLoader();
  return sharedVtkLoader;
}

/** The loader sniffs the first 250 bytes for the encoding and throws on a shorter (ASCII) file. */
function paddedForVtkSniffing(data: ArrayBuffer): ArrayBuffer {
  if (data.byteLength >= 250) return data;
  const padded = new Uint8Array(250).fill(0x20);
  padded.set(new Uint8Array(data));
  return padded.buffer;
}

/**
 * STL stores one normal per facet, which draws a marching-cubes surface as visible facets even with
 * flat shading off; welding shared corners lets smooth normals be computed.
 */
function smoothed(geometry: BufferGeometry): BufferGeometry {
  geometry.deleteAttribute('normal');
  const welded = mergeVertices(geometry);
  geometry.dispose();
  return welded;
}

/** Meshes of a loaded node tree with their transforms applied, the loader's materials disposed. */
function bakedMeshes(root: Object3D): BufferGeometry[] {
  root.updateMatrixWorld(true);
  const geometries: BufferGeometry[] = [];
  root.traverse((node) => {
    if (!(node instanceof Mesh)) return;
    const geometry = (node.geometry as BufferGeometry).clone().applyMatrix4(node.matrixWorld);
    node.geometry.dispose();
    for (const material of [node.material].flat() as Material[]) disposeMaterial(material);
    geometries.push(geometry);
  });
  return geometries;
}

function disposeMaterial(material: Material): void {
  for (const value of Object.values(material)) if (value instanceof Texture) value.dispose();
  material.dispose();
}

function hasTriangles(geometry: BufferGeometry): boolean {
  const position = geometry.getAttribute('position');
  const count = geometry.index ? geometry.index.count : (position?.count ?? 0);
  return count >= 3;
}

function withNormals(geometry: BufferGeometry): BufferGeometry {
  if (!geometry.getAttribute('normal')) geometry.computeVertexNormals();
  geometry.computeBoundingBox();
  geometry.computeBoundingSphere();
  return geometry;
}
