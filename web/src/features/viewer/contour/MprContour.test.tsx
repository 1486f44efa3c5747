import type { AnalysisResource, ViewerLoad } from '@cardiomap/contract';
import { routes } from '@cardiomap/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../api/index.ts';
import { apiHandler } from '../../../testing/api-handler.ts';
import { server, setUpMockApi } from '../../../testing/server.ts';
import { storageHandler } from '../../../testing/storage-handler.ts';
import type { MprEngine } from '../mpr/index.ts';
import { MprToolbar } from '../mpr/MprToolbar.tsx';
import { PANE_IDS, type PaneId } from '../mpr/mpr-settings.ts';
import { asciiStl } from '../scene/testing/mesh-fixtures.ts';
import { closeViewerSessions } from '../session/viewer-sessions.ts';
import { mprSnapshotFixture } from '../testing/mpr-snapshot-fixture.ts';
import { viewerSessionWrapper } from '../testing/session-wrapper.tsx';
import { ANALYSIS_ID, figureFixture, viewerLoadFixture } from '../testing/viewer-fixtures.ts';
import { CONTOUR_MESSAGES } from './contour-messages.ts';
import { useMprContour } from './use-mpr-contour.tsx';

setUpMockApi();
// MUI's first render is slow on a busy two-core machine.
vi.setConfig({ testTimeout: 30_000 });
const user = userEvent.setup();
afterEach(() => closeViewerSessions());

const MESH_URL = 'http://localhost:8080/files/aorta.stl';

const toolbarSnapshot = mprSnapshotFixture();

/**
 * The MPR engine as far as the contour uses it: every pane's plane at z = 5 mm (the fixture tetrahedron
 * spans 0–10 mm on each axis) and 10 px per mm.
 */
const engine = {
  paneProjection: (pane: PaneId) => ({
    plane: { normal: pane === 'axial' ? [0, 0, 1] : pane === 'coronal' ? [0, 1, 0] : [1, 0, 0], centroid: [5, 5, 5] },
    toCanvas: (point: readonly number[]) => [10 * (point[0] ?? 0), 10 * (point[1] ?? 0)],
  }),
  onPaneRendered: () => () => undefined,
} as unknown as MprEngine;

/** The toolbar and pane layers as MprPanes places them. */
function Viewer({ load }: { load: ViewerLoad }) {
  const contour = useMprContour(engine, load);
  return (
    <>
      <MprToolbar
        snapshot={toolbarSnapshot}
        canSetInterpolation={false}
        onCommand={() => undefined}
        onInterpolationChange={() => undefined}
      >
        {contour?.toolbar()}
      </MprToolbar>
      {PANE_IDS.map((pane) => (
        <div key={pane}>{contour?.paneLayer(pane)}</div>
      ))}
    </>
  );
}

function renderViewer(canSeeContour: boolean, resources: AnalysisResource[]) {
  const listed: string[] = [];
  const meshRequests: string[] = [];
  server.use(
    apiHandler(routes.listAnalysisResources, ({ request }) => {
      const analysisId = new URL(request.url).searchParams.get('analysis_id') ?? '';
      listed.push(analysisId);
      const results = resources.filter((resource) => resource.analysisId === analysisId);
      return HttpResponse.json({ count: results.length, next: null, previous: null, results });
    }),
    storageHandler('GET', MESH_URL, ({ request }) => {
      meshRequests.push(request.url);
      return HttpResponse.arrayBuffer(asciiStl());
    }),
  );
  const base = viewerLoadFixture();
  const load = viewerLoadFixture({ permissions: { ...base.permissions, canSeeContour } });
  const { session, wrapper } = viewerSessionWrapper();
  // StrictMode, as in development: the contour must survive its unmount and remount.
  const view = render(
    <StrictMode>
      <QueryClientProvider client={createQueryClient()}>
        <Viewer load={load} />
      </QueryClientProvider>
    </StrictMode>,
    { wrapper },
  );
  return { listed, meshRequests, session, view };
}

const aorta = figureFixture({
  id: 'f2000000-0000-4000-8000-000000000001',
  type: 1,
  name: 'Aorta',
  filename: 'aorta.stl',
  metadata: { mimeType: 'model/stl' },
  readUrl: MESH_URL,
});

describe('MPR contour toggle', () => {
  it('is not there for a user without simulations.view_unpublished_results, who lists nothing', async () => {
    const { listed } = renderViewer(false, [aorta]);
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.queryByRole('button', { name: 'Contour' })).not.toBeInTheDocument();
    expect(listed).toEqual([]);
  });

  it("is disabled, saying why, when the study's analyses have no Atrium or Aorta result", async () => {
    const { listed } = renderViewer(true, [figureFixture(), { ...aorta, name: 'Aortic root' }]);
    expect(await screen.findByLabelText(CONTOUR_MESSAGES.none)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Contour' })).toBeDisabled();
    expect(listed).toEqual([ANALYSIS_ID]);
    await user.hover(screen.getByTestId('mpr-contour-toggle'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(CONTOUR_MESSAGES.none);
  });

  it("turned on from the keyboard, downloads the Aorta mesh and draws each pane's cut of it", async () => {
    renderViewer(true, [aorta]);
    const toggle = screen.getByRole('button', { name: 'Contour' });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    toggle.focus();
    await user.keyboard(' ');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    const axial = await screen.findByTestId('mpr-axial-contour');
    // The tetrahedron's cut at z = 5 is the triangle (0,0) (5,0) (0,5) mm: 10 px per mm.
    await waitFor(() => expect(axial.querySelector('path')).toHaveAttribute('d', expect.stringMatching(/Z$/)));
    const d = axial.querySelector('path')?.getAttribute('d') ?? '';
    const corners = [...d.matchAll(/(-?[\d.]+) (-?[\d.]+)/g)].map((m) => `${Number(m[1])},${Number(m[2])}`);
    expect(corners.sort()).toEqual(['0,0', '0,50', '50,0']);
    for (const pane of PANE_IDS) expect(screen.getByTestId(`mpr-${pane}-contour`).querySelector('path')).not.toBeNull();
    await user.keyboard(' ');
    expect(screen.queryByTestId('mpr-axial-contour')).not.toBeInTheDocument();
  });

  it('says so when the mesh cannot be downloaded', async () => {
    renderViewer(true, [{ ...aorta, readUrl: null }]);
    const toggle = screen.getByRole('button', { name: 'Contour' });
    await waitFor(() => expect(toggle).toBeEnabled());
    await user.click(toggle);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Contour: File does not exists or you don't have permission to access it.",
    );
  });

  it("is the session's controller: StrictMode's remount keeps its mesh, leaving the view destroys it", async () => {
    const { meshRequests, session, view } = renderViewer(true, [aorta]);
    const toggle = screen.getByRole('button', { name: 'Contour' });
    await waitFor(() => expect(toggle).toBeEnabled());
    await user.click(toggle);
    await waitFor(() => expect(screen.getByTestId('mpr-axial-contour').querySelector('path')).not.toBeNull());
    expect(meshRequests).toEqual([MESH_URL]);
    const controller = session.getSnapshot().contour;
    expect(controller?.getSnapshot().status).toBe('ready');
    const destroy = vi.spyOn(controller!, 'destroy');
    view.unmount();
    await waitFor(() => expect(session.getSnapshot().contour).toBeNull());
    expect(destroy).toHaveBeenCalledOnce();
  });

  it('is never made for a user who may not see it', async () => {
    const { session } = renderViewer(false, [aorta]);
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(session.getSnapshot().contour).toBeNull();
  });
});
