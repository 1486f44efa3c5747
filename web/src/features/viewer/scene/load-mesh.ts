import type { BufferGeometry } from 'three';
import { detectMeshFormat } from './mesh-format.ts';
import { parseMesh } from './parse-mesh.ts';
import type { SceneObjectSpec } from './scene-types.ts';

/** Spec §5: what the user reads when a file's read URL is missing or refused. */
export const MISSING_FILE_MESSAGE = "File does not exists or you don't have permission to access it.";

/** A failure to show next to the object; the scene itself keeps running. */
export class SceneObjectLoadError extends Error {
  override name = 'SceneObjectLoadError';
}

export type LoadSceneObject = (
  spec: Pick<SceneObjectSpec, 'url' | 'filename' | 'mimeType'>,
  signal: AbortSignal,
) => Promise<BufferGeometry[]>;

/** Downloads one scene file and reads its surfaces; every failure is a SceneObjectLoadError. */
export const loadSceneObject: LoadSceneObject = async ({ url, filename, mimeType }, signal) => {
  if (!url) throw new SceneObjectLoadError(MISSING_FILE_MESSAGE);
  const format = detectMeshFormat(filename, mimeType);
  if (!format) throw new SceneObjectLoadError(`Unknown 3D file format: ${filename || 'no file name'}.`);
  const response = await fetch(url, { signal });
  if (response.status === 403 || response.status === 404) throw new SceneObjectLoadError(MISSING_FILE_MESSAGE);
  if (!response.ok) throw new SceneObjectLoadError(`Could not download the file (HTTP ${response.status}).`);
  const data = await response.arrayBuffer();
  try {
    return await parseMesh(data, format);
  } catch (cause) {
    throw new SceneObjectLoadError(`Could not read ${filename} as ${format.toUpperCase()}.`, { cause });
  }
};
