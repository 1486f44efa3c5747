import type { LegacyResults, ViewerLoad } from '@cardiomap/contract';
import { routes } from '@cardiomap/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { apiHandler } from '../../testing/api-handler.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { signInAs } from '../../testing/render-in-app.tsx';
import { server, setUpMockApi } from '../../testing/server.ts';
import { LEGACY_DRAWN } from './results/LegacyResultsList.tsx';
import { configFixture, STUDY_ID, viewerLoadFixture } from './testing/viewer-fixtures.ts';
import { viewerSideHandlers } from './testing/viewer-handlers.ts';

// The engines need WebGL: the 3D scene and the settings panel are stood in for by what they are given.
vi.mock('./scene/index.ts', () => ({
  SceneViewport: (props: { objects: unknown[] }) => <pre data-testid="scene-viewport">{JSON.stringify(props)}</pre>,
}));
vi.mock('./scene/ObjectSettingsPanel.tsx', () => ({
  ObjectSettingsPanel: (props: { objects: { id: string }[]; onChange(id: string, patch: object): void }) => (
    <div>
      {props.objects.map((object) => (
        <button key={object.id} type="button" onClick={() => props.onChange(object.id, { opacity: 0.25 })}>
          Fade {object.id}
        </button>
      ))}
    </div>
  ),
}));

setUpMockApi();
vi.setConfig({ testTimeout: 40_000 });
beforeAll(async () => {
  await Promise.all([import('./StudyViewerPage.tsx'), import('./SceneChild.tsx'), import('./DetailChild.tsx')]);
}, 60_000);
const user = userEvent.setup();

const NOT_OF_STUDY = 'Not available: its file is not one of the results of this study.';
const legacy: LegacyResults = {
  studyResourceId: 'ee000000-0000-4000-8000-000000000001',
  comments: [{ author: 'Legacy simulation', text: 'Valve sits 4 mm low.', date: null }],
  warnings: [
    'Calcium threshold guessed.',
    '1 legacy simulation result cannot be shown; it is listed as not available in Details.',
  ],
  items: [
    {
      key: 'scene-0',
      name: 'Simulated valve',
      color: '#00ff00',
      opacity: 0.5,
      isVisible: true,
      readUrl: '/files/valve.stl',
      filename: 'valve.stl',
      unavailable: null,
    },
    {
      key: 'object-0-1',
      name: 'Elsewhere',
      color: '#e0a040',
      opacity: 1,
      isVisible: true,
      readUrl: null,
      filename: null,
      unavailable: NOT_OF_STUDY,
    },
  ],
};

function openViewer(load: ViewerLoad) {
  signInAs({});
  server.use(
    apiHandler(routes.loadViewer, () => HttpResponse.json(load)),
    apiHandler(routes.listConfigs, () =>
      HttpResponse.json({ count: 1, next: null, previous: null, results: [configFixture()] }),
    ),
    apiHandler(routes.listAnalysisResources, () =>
      HttpResponse.json({ count: 0, next: null, previous: null, results: [] }),
    ),
    ...viewerSideHandlers(),
  );
  return renderApp(`/study-viewer/${STUDY_ID}`);
}

const sceneObjectIds = () =>
  (JSON.parse(screen.getByTestId('scene-viewport').textContent ?? '{}') as { objects: { id: string; url: string }[] })
    .objects;

describe('the legacy simulation results in the viewer (architecture.md §13)', () => {
  it('draws the available results in 3D, lists all in Details, and shows the warnings and comments', async () => {
    openViewer(viewerLoadFixture({ legacyResults: legacy }));
    expect(await screen.findByTestId('scene-viewport')).toBeInTheDocument();
    const drawn = sceneObjectIds().filter((o) => o.id.startsWith('legacy-'));
    expect(drawn).toEqual([expect.objectContaining({ id: 'legacy-scene-0', url: '/files/valve.stl' })]);
    expect(screen.getByText('Calcium threshold guessed.')).toBeInTheDocument();
    expect(screen.getByText(/1 legacy simulation result cannot be shown/)).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Details' }));
    const list = await screen.findByRole('list', { name: 'Legacy simulation results' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([`Simulated valve${LEGACY_DRAWN}`, `Elsewhere${NOT_OF_STUDY}`]);

    await user.click(screen.getByRole('tab', { name: 'Comments' }));
    const comments = await screen.findByRole('list', { name: 'Legacy simulation comments' });
    expect(within(comments).getByText('Valve sits 4 mm low.')).toBeInTheDocument();
    expect(screen.queryByText('No comments yet.')).not.toBeInTheDocument();
  });

  it('never saves a change to a legacy result, even for a user who may change scene objects', async () => {
    const bodies: unknown[] = [];
    server.use(
      apiHandler(routes.patchVisualisationObject, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({});
      }),
    );
    const load = viewerLoadFixture({ legacyResults: legacy });
    openViewer({ ...load, permissions: { ...load.permissions, canChangeVisualisationObjects: true } });
    await user.click(await screen.findByRole('button', { name: 'Fade legacy-scene-0' }));
    await user.click(screen.getByRole('button', { name: /Fade b2/ }));
    await waitFor(() => expect(bodies).toEqual([{ opacity: 0.25 }]));
  });

  it('shows no legacy section without legacy results', async () => {
    openViewer(viewerLoadFixture());
    await user.click(await screen.findByRole('tab', { name: 'Details' }));
    expect(await screen.findByRole('heading', { name: 'Results' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Legacy simulation results' })).not.toBeInTheDocument();
  });
});
