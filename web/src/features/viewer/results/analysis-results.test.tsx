import type { AnalysisResource, ViewerLoad } from '@cardiomap/contract';
import { routes } from '@cardiomap/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { apiHandler } from '../../../testing/api-handler.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { signInAs } from '../../../testing/render-in-app.tsx';
import { server, setUpMockApi } from '../../../testing/server.ts';
import { storageHandler } from '../../../testing/storage-handler.ts';
import { ANALYSIS_ID, configFixture, figureFixture, STUDY_ID, viewerLoadFixture } from '../testing/viewer-fixtures.ts';
import { viewerSideHandlers } from '../testing/viewer-handlers.ts';

// The engines need WebGL: the views are stood in for; the sidebar is the real one.
vi.mock('../mpr/index.ts', () => ({ MprPanes: () => <div data-testid="mpr-panes" /> }));
vi.mock('../scene/index.ts', () => ({ SceneViewport: () => <div data-testid="scene-viewport" /> }));
vi.mock('../scene/ObjectSettingsPanel.tsx', () => ({ ObjectSettingsPanel: () => <div /> }));

setUpMockApi();
vi.setConfig({ testTimeout: 40_000 });
beforeAll(async () => {
  await Promise.all([import('../StudyViewerPage.tsx'), import('../SceneChild.tsx'), import('../MprChild.tsx')]);
}, 60_000);
const user = userEvent.setup();

const MESH_ID = 'e1000000-0000-4000-8000-000000000001';
const mesh = (overrides: Partial<AnalysisResource> = {}): AnalysisResource =>
  figureFixture({
    id: MESH_ID,
    type: 1,
    name: 'Aorta',
    filename: 'aorta.glb',
    metadata: { mimeType: 'model/gltf-binary' },
    attributes: { color: '#d9534f', triangles: 4 },
    readUrl: '/files/aorta.glb',
    ...overrides,
  });
const page = <T,>(results: T[]) => ({ count: results.length, next: null, previous: null, results });

/** The viewer with the given rights; analysis resources answered by type (1 meshes, 2 figures). */
function openViewer(
  { staff = true, meshes = [mesh()], figures = [] as AnalysisResource[] } = {},
  path = `/study-viewer/${STUDY_ID}/3dsurfaceviewer`,
) {
  signInAs();
  const load = viewerLoadFixture();
  const withRights: ViewerLoad = { ...load, permissions: { ...load.permissions, canAddAnalysisResources: staff } };
  server.use(
    apiHandler(routes.loadViewer, () => HttpResponse.json(withRights)),
    apiHandler(routes.listConfigs, () => HttpResponse.json(page([configFixture()]))),
    apiHandler(routes.listAnalysisResources, ({ request }) => {
      const type = new URL(request.url).searchParams.get('type');
      return HttpResponse.json(page(type === '1' ? meshes : type === '2' ? figures : []));
    }),
    ...viewerSideHandlers(),
  );
  return renderApp(path);
}

async function openTab(name: 'Details' | 'Figures') {
  await user.click(await screen.findByRole('tab', { name }));
}

describe('Details tab: 3D and numeric results (issue 17 §2)', () => {
  it('lists the named 3D results to a clinician, without the staff controls', async () => {
    openViewer({ staff: false });
    await openTab('Details');
    const list = await screen.findByRole('list', { name: '3D results' });
    expect(within(list).getByText('Aorta')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add result' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Aorta' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Numeric results' })).not.toBeInTheDocument();
  });

  it('shows an empty state without results', async () => {
    openViewer({ meshes: [] });
    await openTab('Details');
    expect(await screen.findByText('No 3D results yet.')).toBeInTheDocument();
  });

  it('asks before deleting a result, and deletes it only when confirmed', async () => {
    const deleted = vi.fn();
    openViewer();
    server.use(
      apiHandler(routes.deleteAnalysisResource, ({ params }) => {
        deleted(params.id);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await openTab('Details');
    await user.click(await screen.findByRole('button', { name: 'Delete Aorta' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Aorta?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(deleted).not.toHaveBeenCalled();
    // The closing dialog's transition keeps the page hidden from the accessibility tree for a moment.
    await user.click(screen.getByRole('button', { name: 'Delete Aorta', hidden: true }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete Aorta?' })).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(deleted).toHaveBeenCalledWith(MESH_ID));
    expect(await screen.findByText('Result deleted')).toBeInTheDocument();
  });

  it('uploads a mesh: registers it with name, colour and size, sends it, and shows why the server refused it', async () => {
    const registered = vi.fn();
    openViewer({ meshes: [] });
    server.use(
      apiHandler(routes.createAnalysisResource, async ({ request }) => {
        registered(await request.json());
        return HttpResponse.json(
          { ...mesh({ uploadSuccessful: false, readUrl: null }), writeUrl: '/put/aorta', parts: null },
          { status: 201 },
        );
      }),
      storageHandler('PUT', '*/put/aorta', () => new HttpResponse(null, { status: 200 })),
      apiHandler(routes.confirmAnalysisResource, () =>
        HttpResponse.json(
          { nonFieldErrors: ['The STL file is truncated: it is shorter than its header.'] },
          { status: 400 },
        ),
      ),
    );
    await openTab('Details');
    await user.click(await screen.findByRole('button', { name: 'Add result' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a result' });
    const upload = within(dialog).getByRole('button', { name: 'Upload' });
    expect(upload).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/Name/), 'Aorta');
    await user.upload(within(dialog).getByLabelText('Mesh file'), new File([new Uint8Array(84)], 'aorta.stl'));
    await user.click(upload);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The STL file is truncated');
    expect(registered).toHaveBeenCalledWith(
      expect.objectContaining({
        analysisId: ANALYSIS_ID,
        type: 1,
        name: 'Aorta',
        filename: 'aorta.stl',
        size: 84,
        attributes: { color: '#d9534f' },
      }),
    );
    // The dialog stays open with the file, so another can be chosen.
    expect(within(dialog).getByRole('button', { name: 'Upload' })).toBeEnabled();
  });

  it('saves the numeric results as name, value (a number when it is one) and unit', async () => {
    const patched = vi.fn();
    openViewer();
    server.use(
      apiHandler(routes.patchAnalysis, async ({ request }) => {
        const body = await request.json();
        patched(body);
        const [analysis] = viewerLoadFixture().analyses;
        if (!analysis) throw new Error('the viewer load has an analysis');
        return HttpResponse.json({ ...analysis, ...(body as object) });
      }),
    );
    await openTab('Details');
    const form = await screen.findByRole('form', { name: 'Numeric results' });
    await user.click(within(form).getByRole('button', { name: 'Add a value' }));
    await user.type(within(form).getByLabelText(/^Name/), 'LAA ostium');
    await user.type(within(form).getByLabelText(/^Value/), '21.5');
    await user.type(within(form).getByLabelText(/^Unit/), 'mm');
    await user.click(within(form).getByRole('button', { name: 'Save results' }));
    await waitFor(() =>
      expect(patched).toHaveBeenCalledWith({ results: [{ name: 'LAA ostium', value: 21.5, unit: 'mm' }] }),
    );
  });
});

describe('Figures tab (issue 17 §2)', () => {
  const captured = (overrides: Partial<AnalysisResource> = {}) =>
    figureFixture({
      attributes: {
        caption: 'Annulus plane',
        view: 'axial',
        camera: { position: [0, 0, 500], focalPoint: [0, 0, 0], viewUp: [0, -1, 0], parallelScale: 100 },
      },
      ...overrides,
    });

  it('lists figures with their captions; a click opens the view they were taken from', async () => {
    const app = openViewer({ staff: false, figures: [captured()] });
    await openTab('Figures');
    const figures = await screen.findByRole('list', { name: 'Figures' });
    expect(within(figures).getByText('Annulus plane')).toBeInTheDocument();
    expect(within(figures).getByRole('img', { name: 'Annulus plane' })).toHaveAttribute('src', '/files/gradient.png');
    expect(screen.queryByRole('button', { name: 'Capture figure' })).not.toBeInTheDocument();
    await user.click(within(figures).getByRole('button', { name: 'Show Annulus plane' }));
    await waitFor(() => expect(app.location()).toBe(`/study-viewer/${STUDY_ID}/mprviewer`));
  });

  it('asks before deleting a figure', async () => {
    const deleted = vi.fn();
    openViewer({ figures: [captured()] });
    server.use(
      apiHandler(routes.deleteAnalysisResource, ({ params }) => {
        deleted(params.id);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await openTab('Figures');
    await user.click(await screen.findByRole('button', { name: 'Delete Annulus plane' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete the figure "Annulus plane"?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleted).toHaveBeenCalledWith(captured().id));
  });

  it('tells staff to open a view when none can be captured', async () => {
    openViewer({ figures: [] });
    await openTab('Figures');
    await user.click(await screen.findByRole('button', { name: 'Capture figure' }));
    const dialog = await screen.findByRole('dialog', { name: 'Capture a figure' });
    expect(within(dialog).getByText(/Open the 3D view or the MPR panes/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save figure' })).toBeDisabled();
  });
});
