import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { ConvertedMesh } from '../../imaging/mesh/convert-mesh.ts';
import { convertMeshInThread } from '../../imaging/mesh/convert-mesh-in-thread.ts';
import { meshFormatOf } from '../../imaging/mesh/parse-mesh-file.ts';
import { GLB_MIME_TYPE } from '../../imaging/surface/glb-writer.ts';
import type { ObjectStorage } from '../../storage/object-storage.ts';

export type MeshAcceptance =
  | { ok: true; storageKey: string; filename: string; mimeType: string; size: number; mesh: ConvertedMesh }
  | { ok: false; message: string };

/**
 * Parses an uploaded mesh and stores it as GLB beside the upload, under `<key>.glb`: the upload itself is
 * left for the caller to delete once the row points at the GLB. Only storage and the parsing thread are
 * touched; the caller decides what the database says.
 */
export async function acceptMesh(
  storage: ObjectStorage,
  upload: { storageKey: string; filename: string; name: string },
): Promise<MeshAcceptance> {
  const format = meshFormatOf(upload.filename);
  if (!format) return { ok: false, message: 'The file is not an STL, PLY, OBJ, glTF, GLB or VTP file.' };
  const workDir = await mkdtemp(join(tmpdir(), 'cm-mesh-'));
  try {
    const inputPath = storage.localPath
      ? await storage.localPath(upload.storageKey)
      : await copyToWorkDir(storage, upload.storageKey, join(workDir, `upload.${format}`));
    const outputPath = join(workDir, 'mesh.glb');
    const outcome = await convertMeshInThread({ inputPath, format, outputPath, name: upload.name });
    if (!outcome.ok) return outcome;
    const storageKey = `${upload.storageKey}.glb`;
    await storage.moveFile(storageKey, outputPath, GLB_MIME_TYPE);
    const base = upload.filename.replace(/\.[^.]*$/, '');
    return {
      ok: true,
      storageKey,
      filename: `${base}.glb`,
      mimeType: GLB_MIME_TYPE,
      size: outcome.mesh.glbBytes,
      mesh: outcome.mesh,
    };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

async function copyToWorkDir(storage: ObjectStorage, key: string, path: string): Promise<string> {
  await pipeline(await storage.read(key), createWriteStream(path));
  return path;
}
