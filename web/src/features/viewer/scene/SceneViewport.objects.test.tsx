import { render, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server, setUpMockApi } from '../../../testing/server.ts';
import { storageHandler } from '../../../testing/storage-handler.ts';
import { closeViewerSessions } from '../session/viewer-sessions.ts';
import { viewerSessionWrapper } from '../testing/session-wrapper.tsx';
import { MISSING_FILE_MESSAGE } from './load-mesh.ts';
import { SceneViewport } from './SceneViewport.tsx';
import { fakeRenderer } from './testing/fake-renderer.ts';
import { asciiStl } from './testing/mesh-fixtures.ts';
import { sceneObject } from './testing/scene-fixtures.ts';

// happy-dom has no WebGL; everything but the drawing runs for real, the files come over HTTP.
vi.mock('./scene-renderer.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./scene-renderer.ts')>()),
  createWebGLRenderer: () => fakeRenderer(),
}));

setUpMockApi();
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => closeViewerSessions());

describe('SceneViewport objects', () => {
  it('reports each object that cannot be shown once, and shows the others', async () => {
    server.use(
      storageHandler('GET', '*/files/aorta.stl', () => HttpResponse.arrayBuffer(asciiStl())),
      storageHandler('GET', '*/files/valve.stl', () => new HttpResponse(null, { status: 404 })),
    );
    const onObjectError = vi.fn();
    const objects = [
      sceneObject({ id: 'aorta', url: 'http://localhost:8080/files/aorta.stl' }),
      sceneObject({ id: 'valve', url: 'http://localhost:8080/files/valve.stl' }),
    ];
    const { rerender } = render(
      <SceneViewport objects={objects} landmarks={[]} onObjectError={onObjectError} />,
      viewerSessionWrapper(),
    );
    await waitFor(() => expect(onObjectError).toHaveBeenCalledWith('valve', MISSING_FILE_MESSAGE));
    rerender(<SceneViewport objects={[...objects]} landmarks={[]} onObjectError={onObjectError} />);
    expect(onObjectError).toHaveBeenCalledOnce();
    expect(screen.getByTestId('scene-canvas').querySelector('canvas')).not.toBeNull();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
