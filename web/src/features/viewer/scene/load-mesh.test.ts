import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server, setUpMockApi } from '../../../testing/server.ts';
import { storageHandler } from '../../../testing/storage-handler.ts';
import { loadSceneObject, MISSING_FILE_MESSAGE, SceneObjectLoadError } from './load-mesh.ts';
import { asciiStl } from './testing/mesh-fixtures.ts';

setUpMockApi();

const FILE_URL = 'http://localhost:8080/files/aorta';
const load = (filename: string, url: string | null = FILE_URL) =>
  loadSceneObject({ url, filename }, new AbortController().signal);

describe('loadSceneObject', () => {
  it('downloads the file and reads its surface', async () => {
    server.use(storageHandler('GET', FILE_URL, () => HttpResponse.arrayBuffer(asciiStl())));
    const [geometry] = await load('aorta.stl');
    expect(geometry!.boundingBox!.max.toArray()).toEqual([10, 10, 10]);
  });

  it('reports a missing read URL with the spec message, without a request', async () => {
    await expect(load('aorta.stl', null)).rejects.toThrow(new SceneObjectLoadError(MISSING_FILE_MESSAGE));
  });

  it.each([403, 404])('reports a refused or missing file (%d) with the spec message', async (status) => {
    server.use(storageHandler('GET', FILE_URL, () => new HttpResponse(null, { status })));
    await expect(load('aorta.stl')).rejects.toThrow(MISSING_FILE_MESSAGE);
  });

  it('reports other HTTP failures with their status', async () => {
    server.use(storageHandler('GET', FILE_URL, () => new HttpResponse(null, { status: 500 })));
    await expect(load('aorta.stl')).rejects.toThrow('Could not download the file (HTTP 500).');
  });

  it('reports an unknown format before downloading', async () => {
    await expect(load('aorta.xyz')).rejects.toThrow('Unknown 3D file format: aorta.xyz.');
  });

  it('reports a file that is not what its name says', async () => {
    server.use(storageHandler('GET', FILE_URL, () => HttpResponse.text('not a mesh')));
    const failure = load('aorta.obj');
    await expect(failure).rejects.toBeInstanceOf(SceneObjectLoadError);
    await expect(failure).rejects.toThrow('Could not read aorta.obj as OBJ.');
  });
});
