import { readFile, writeFile } from 'node:fs/promises';
import { writeGlb } from '../surface/glb-writer.ts';
import { meshArea, meshVolume, vertexNormals } from '../surface/mesh.ts';
import { MESH_LIMITS, MeshError, meshError } from './mesh-limits.ts';
import { type MeshFileFormat, parseMeshFile } from './parse-mesh-file.ts';

export interface ConvertedMesh {
  triangles: number;
  vertices: number;
  /** Enclosed volume (ml) and area (cm²) of the surface, in the file's units read as mm. */
  volumeMl: number;
  areaCm2: number;
  glbBytes: number;
}

export type ConvertOutcome = { ok: true; mesh: ConvertedMesh } | { ok: false; message: string };

/**
 * Reads an uploaded mesh, checks it, and writes it as the scene's one internal format (GLB, positions in
 * mm, patient coordinates as the analyst's tools export them): the viewer then reads every accepted mesh
 * the same way. A file that is not a mesh answers a message for the analyst, never throws.
 */
export async function convertMeshFile(
  inputPath: string,
  format: MeshFileFormat,
  outputPath: string,
  name: string,
): Promise<ConvertOutcome> {
  try {
    const data = await readFile(inputPath);
    if (data.length > MESH_LIMITS.maxBytes) throw meshError('The file is larger than 200 MB.');
    const mesh = parseMeshFile(new Uint8Array(data.buffer, data.byteOffset, data.byteLength), format);
    const glb = writeGlb(mesh, vertexNormals(mesh), name);
    await writeFile(outputPath, glb);
    return {
      ok: true,
      mesh: {
        triangles: mesh.indices.length / 3,
        vertices: mesh.positions.length / 3,
        volumeMl: Math.abs(meshVolume(mesh)) / 1000,
        areaCm2: meshArea(mesh) / 100,
        glbBytes: glb.length,
      },
    };
  } catch (error) {
    if (error instanceof MeshError) return { ok: false, message: error.message };
    if (error instanceof RangeError) return { ok: false, message: 'The file describes a mesh too large to read.' };
    throw error;
  }
}
