import type { Config, ViewerLoad } from '@cardiomap/contract';
import { routes } from '@cardiomap/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { apiHandler } from '../../testing/api-handler.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { signInAs } from '../../testing/render-in-app.tsx';
import { server, setUpMockApi } from '../../testing/server.ts';
import {
  ANALYSIS_ID,
  CONFIG_ID,
  configFixture,
  figureFixture,
  landmarkFixture,
  STUDY_ID,
  viewerLoadFixture,
} from './testing/viewer-fixtures.ts';
import { viewerSideHandlers } from './testing/viewer-handlers.ts';
import { NON_CLINICAL_WARNING, OBSOLETE_RESULTS_WARNING } from './ViewerHeader.tsx';
import { MISSING_FILE } from './viewer-messages.ts';

/** What the stand-in MPR engine was asked to draw and where it was asked to go. */
const mprCalls = vi.hoisted(() => ({ landmarks: [] as unknown[], planes: [] as unknown[], placing: [] as boolean[] }));

// The engines need WebGL; their components are stood in for by ones that show the props they get.
vi.mock('./mpr/index.ts', async () => {
  const { useEffect } = await import('react');
  // An engine whose mouse is always over the axial pane at one patient point.
  const snapshot = { status: 'ready', pointer: { pane: 'axial', world: [1.5, -2, 30] } };
  const engine = {
    subscribe: () => () => {},
    getSnapshot: () => snapshot,
    setLandmarks: (landmarks: unknown) => mprCalls.landmarks.push(landmarks),
    snapToPlane: (target: unknown) => mprCalls.planes.push(target),
    setPlacingPoints: (placing: boolean) => mprCalls.placing.push(placing),
  };
  return {
    MprPanes: (props: Record<string, unknown> & { onEngine?(engine: unknown): void }) => {
      const { onEngine } = props;
      useEffect(() => onEngine?.(engine), [onEngine]);
      return (
        <pre data-testid="mpr-panes">
          {JSON.stringify({ ...props, onInterpolationChange: typeof props.onInterpolationChange })}
        </pre>
      );
    },
  };
});
vi.mock('./scene/index.ts', () => ({
  SceneViewport: (props: { objects: unknown[]; landmarks: unknown[] }) => (
    <pre data-testid="scene-viewport">{JSON.stringify(props)}</pre>
  ),
}));
// The sidebar's settings panel, which imports the panel's own module (not the scene's index).
vi.mock('./scene/ObjectSettingsPanel.tsx', () => ({
  ObjectSettingsPanel: (props: {
    objects: { id: string; opacity: number }[];
    onChange(id: string, patch: object): void;
  }) => (
    <div>
      {props.objects.map((object) => (
        <button key={object.id} type="button" onClick={() => props.onChange(object.id, { opacity: 0.25 })}>
          Fade {object.id} (now {object.opacity})
        </button>
      ))}
    </div>
  ),
}));

setUpMockApi();
vi.setConfig({ testTimeout: 40_000 });
// The viewer's views are lazily loaded routes with a full MUI page each: under happy-dom on a busy
// machine they take more than the default second to appear.
// The viewer's routes load their modules on the first visit; loading them once here keeps the tests'
// waits about behaviour rather than about the first transform.
beforeAll(async () => {
  await Promise.all([
    import('./StudyViewerPage.tsx'),
    import('./SceneChild.tsx'),
    import('./MprChild.tsx'),
    import('./DetailChild.tsx'),
  ]);
}, 60_000);
const user = userEvent.setup();
const PATH = `/study-viewer/${STUDY_ID}`;

function openViewer(load: ViewerLoad | (() => Response), path = PATH, flags: Parameters<typeof signInAs>[0] = {}) {
  signInAs(flags);
  server.use(
    apiHandler(routes.loadViewer, () => (typeof load === 'function' ? load() : HttpResponse.json(load))),
    apiHandler(routes.listConfigs, () =>
      HttpResponse.json({ count: 1, next: null, previous: null, results: [configFixture()] }),
    ),
    apiHandler(routes.listAnalysisResources, () =>
      HttpResponse.json({ count: 0, next: null, previous: null, results: [] }),
    ),
    ...viewerSideHandlers(),
  );
  return renderApp(path);
}

const refusal =
  (status: number, code: string, detail = 'refused') =>
  () =>
    HttpResponse.json({ detail, code }, { status });

describe('study viewer routes and guards (spec §2)', () => {
  it('opens the 3D view by default, titled with the product prefix, inside the app frame', async () => {
    const app = openViewer(viewerLoadFixture());
    expect(await screen.findByTestId('scene-viewport')).toBeInTheDocument();
    expect(app.location()).toBe(`${PATH}/3dsurfaceviewer`);
    expect(screen.getByRole('heading', { name: 'HVC-TAVI-00042' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('CardioMap – HVC-TAVI-00042 – Viewer'));
    expect(screen.queryByText(NON_CLINICAL_WARNING)).not.toBeInTheDocument();
  });

  it('sends a canceled case to case-canceled, with the way back home', async () => {
    const app = openViewer(refusal(403, 'case_canceled', 'This case has been canceled.'));
    expect(await screen.findByRole('heading', { name: 'This case has been canceled.' })).toBeInTheDocument();
    expect(app.location()).toBe('/case-canceled');
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/cases');
  });

  it('sends a case without viewable results to results-pending', async () => {
    const app = openViewer(refusal(403, 'results_pending'));
    expect(await screen.findByRole('heading', { name: 'This case is still being processed' })).toBeInTheDocument();
    expect(screen.getByText('Please come back later.')).toBeInTheDocument();
    expect(app.location()).toBe('/results-pending');
  });

  it('shows not-found for a study of another organisation', async () => {
    openViewer(refusal(404, 'not_found'));
    expect(await screen.findByRole('heading', { name: 'Page Not Found!' })).toBeInTheDocument();
  });

  it('shows not-found for a path that is no study id, without asking the server', async () => {
    const load = vi.fn(() => HttpResponse.json(viewerLoadFixture()));
    openViewer(load, '/study-viewer/not-a-uuid/mprviewer');
    expect(await screen.findByRole('heading', { name: 'Page Not Found!' })).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
  });

  it('tells another refusal as the server words it', async () => {
    openViewer(refusal(403, 'viewer_unavailable', 'The images of this case cannot be viewed in its current state.'));
    expect(
      await screen.findByText('The images of this case cannot be viewed in its current state.'),
    ).toBeInTheDocument();
  });

  it('draws the embedded viewer without the app frame', async () => {
    openViewer(viewerLoadFixture(), `/iframe-viewer/${STUDY_ID}`);
    expect(await screen.findByTestId('scene-viewport')).toBeInTheDocument();
    expect(screen.getByTestId('study-viewer')).toHaveAttribute('data-embedded', 'true');
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'CardioMap' })).not.toBeInTheDocument();
  });

  it('tells the embedded viewer that a case is canceled or pending in place, without the app frame', async () => {
    const app = openViewer(refusal(403, 'case_canceled', 'This case has been canceled.'), `/iframe-viewer/${STUDY_ID}`);
    expect(await screen.findByRole('heading', { name: 'This case has been canceled.' })).toBeInTheDocument();
    expect(app.location()).toBe(`/iframe-viewer/${STUDY_ID}`);
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });

  it('marks obsoleted results in the header and on the Details tab (issue 30 §2)', async () => {
    const user = userEvent.setup();
    openViewer(viewerLoadFixture({ isObsolete: true }));
    expect(await screen.findByText(OBSOLETE_RESULTS_WARNING)).toBeInTheDocument();
    await user.click(await screen.findByRole('tab', { name: 'Details' }));
    await waitFor(() => expect(screen.getAllByText(OBSOLETE_RESULTS_WARNING)).toHaveLength(2));
  });

  it('shows no obsolete marker on results that stand', async () => {
    openViewer(viewerLoadFixture({ isObsolete: false }));
    expect(await screen.findByTestId('scene-viewport')).toBeInTheDocument();
    expect(screen.queryByText(OBSOLETE_RESULTS_WARNING)).not.toBeInTheDocument();
  });

  it('shows the non-clinical banner and the warnings', async () => {
    openViewer(viewerLoadFixture({ isClinical: false, warnings: ['Contrast was poor.'] }));
    expect(await screen.findByText(NON_CLINICAL_WARNING)).toBeInTheDocument();
    expect(screen.getByText('Contrast was poor.')).toBeInTheDocument();
  });
});

describe('the MPR view', () => {
  it('hands the volume to the panes', async () => {
    openViewer(
      viewerLoadFixture({ permissions: { ...viewerLoadFixture().permissions, canSetInterpolation: true } }),
      `${PATH}/mprviewer`,
    );
    const props = JSON.parse((await screen.findByTestId('mpr-panes')).textContent ?? '{}');
    expect(props).toEqual({
      volumeUrl: '/files/volume.bin',
      levels: { windowCenter: 230, windowWidth: 1075 },
      interpolationType: 0,
      canSetInterpolation: true,
      onInterpolationChange: 'function',
    });
  });

  it('draws the shown landmarks in the panes and brings the panes to a landmark chosen in the list', async () => {
    mprCalls.landmarks.length = 0;
    mprCalls.planes.length = 0;
    const load = viewerLoadFixture();
    openViewer(load, `${PATH}/mprviewer`);
    await screen.findByTestId('mpr-panes');
    const annulus = load.landmarks.find((l) => l.name === 'Annulus');
    await waitFor(() => expect(mprCalls.landmarks.at(-1)).toEqual([expect.objectContaining({ id: annulus?.id })]));
    await user.click(await screen.findByRole('tab', { name: 'Details' }));
    await user.click(within(screen.getByRole('list', { name: 'Landmarks' })).getByText('Annulus'));
    await waitFor(() => expect(mprCalls.planes).toHaveLength(1));
    expect(mprCalls.planes[0]).toMatchObject({ viewType: annulus?.viewType });
  });

  it('a report link (?landmark=<id>) opens the MPR panes on that landmark, selected (issue 18 §2)', async () => {
    mprCalls.planes.length = 0;
    const load = viewerLoadFixture();
    const annulus = load.landmarks.find((l) => l.name === 'Annulus');
    const app = openViewer(load, `${PATH}?landmark=${annulus?.id}`);
    await screen.findByTestId('mpr-panes');
    await waitFor(() => expect(mprCalls.planes).toHaveLength(1));
    expect(mprCalls.planes[0]).toMatchObject({ viewType: annulus?.viewType });
    expect(app.location()).toBe(`${PATH}/mprviewer?landmark=${annulus?.id}`);
  });

  it('a second click on the selected landmark brings the panes back to it (issue 30 §1)', async () => {
    mprCalls.planes.length = 0;
    const load = viewerLoadFixture();
    const annulus = load.landmarks[0];
    openViewer(load, `${PATH}?landmark=${annulus?.id}`);
    await screen.findByTestId('mpr-panes');
    await waitFor(() => expect(mprCalls.planes).toHaveLength(1));
    await user.click(await screen.findByRole('tab', { name: 'Details' }));
    const row = within(screen.getByRole('list', { name: 'Landmarks' })).getByRole('button', { name: /^Annulus/ });
    expect(row).toHaveClass('Mui-selected');
    await user.click(row);
    await waitFor(() => expect(mprCalls.planes).toHaveLength(2));
    await user.click(row);
    await waitFor(() => expect(mprCalls.planes).toHaveLength(3));
    expect(mprCalls.planes[2]).toEqual(mprCalls.planes[0]);
  });

  it('a ?landmark= link followed in the open viewer takes the panes there, and again on the same link', async () => {
    mprCalls.planes.length = 0;
    const height = landmarkFixture({
      id: 'e1000000-0000-4000-8000-000000000002',
      name: 'LCA height',
      displayName: 'LCA height',
      geometryType: 3,
      viewType: 5,
      points: [
        [1, 2, 30],
        [1, 2, 44],
      ],
      normal: null,
      centroid: null,
      measurements: { distance: 14 },
    });
    const load = { ...viewerLoadFixture(), landmarks: [landmarkFixture(), height] };
    const app = openViewer(load, `${PATH}?landmark=${load.landmarks[0]?.id}`);
    await screen.findByTestId('mpr-panes');
    await waitFor(() => expect(mprCalls.planes).toHaveLength(1));
    expect(mprCalls.planes[0]).toMatchObject({ viewType: 6, centroid: [5, 5, 0] });
    // The page stays; only the query changes (a link in the same tab, back and forward).
    await act(() => app.router.navigate(`${PATH}/mprviewer?landmark=${height.id}`));
    await waitFor(() => expect(mprCalls.planes).toHaveLength(2));
    expect(mprCalls.planes[1]).toMatchObject({ viewType: 5, centroid: [1, 2, 37] });
    await user.click(await screen.findByRole('tab', { name: 'Details' }));
    expect(
      within(screen.getByRole('list', { name: 'Landmarks' })).getByRole('button', { name: /^LCA height/ }),
    ).toHaveClass('Mui-selected');
    // The same link once more (after the user scrolled away) is a new request: back to the landmark.
    await act(() => app.router.navigate(`${PATH}/mprviewer?landmark=${height.id}`));
    await waitFor(() => expect(mprCalls.planes).toHaveLength(3));
    expect(mprCalls.planes[2]).toEqual(mprCalls.planes[1]);
  });

  it('says the file is missing when there is no read URL (spec §8)', async () => {
    const load = viewerLoadFixture();
    openViewer({ ...load, dicom: null, phases: [] }, `${PATH}/mprviewer`);
    expect(await screen.findByText(MISSING_FILE)).toBeInTheDocument();
    expect(screen.queryByTestId('mpr-panes')).not.toBeInTheDocument();
  });

  it('switches between the views with the tab links', async () => {
    const app = openViewer(viewerLoadFixture());
    await user.click(await screen.findByRole('tab', { name: 'MPR' }));
    expect(await screen.findByTestId('mpr-panes')).toBeInTheDocument();
    expect(app.location()).toBe(`${PATH}/mprviewer`);
    // One Details, the sidebar's (spec §2): no second 'Detail' view showing the same.
    expect(screen.queryByRole('tab', { name: 'Detail' })).not.toBeInTheDocument();
  });

  it("opens the 3D view on the sidebar's Details tab for the detail route, keeping the hash", async () => {
    const app = openViewer(viewerLoadFixture(), `${PATH}/detail#debug`);
    await waitFor(() => expect(app.location()).toBe(`${PATH}/3dsurfaceviewer`));
    expect(app.router.state.location.hash).toBe('#debug');
    const sidebar = await screen.findByRole('complementary', { name: 'Viewer sidebar' });
    expect(await within(sidebar).findByRole('tab', { name: 'Details', selected: true })).toBeInTheDocument();
    expect(within(sidebar).getByRole('list', { name: 'Landmarks' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab', { name: 'Details' })).toHaveLength(1);
  });
});

describe('the sidebar', () => {
  const sidebar = () => screen.getByRole('complementary', { name: 'Viewer sidebar' });

  it('is open on Object Settings, folds away and opens again', async () => {
    openViewer(viewerLoadFixture());
    expect(
      await within(await screen.findByRole('complementary')).findByRole('tab', {
        name: 'Object Settings',
        selected: true,
      }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Hide sidebar' }));
    expect(within(sidebar()).queryByRole('tab')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show sidebar' }));
    expect(within(sidebar()).getByRole('tab', { name: 'Details' })).toBeInTheDocument();
  });

  it('keeps an object change local for a user who may not change scene objects', async () => {
    const bodies: unknown[] = [];
    server.use(
      apiHandler(routes.patchVisualisationObject, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({});
      }),
    );
    openViewer(viewerLoadFixture());
    await user.click(await screen.findByRole('button', { name: /Fade .* \(now 0.8\)/ }));
    expect(await screen.findByRole('button', { name: /now 0.25/ })).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('saves an object change for a user who may change scene objects', async () => {
    const bodies: unknown[] = [];
    server.use(
      apiHandler(routes.patchVisualisationObject, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({});
      }),
    );
    const load = viewerLoadFixture();
    openViewer({ ...load, permissions: { ...load.permissions, canChangeVisualisationObjects: true } });
    await user.click(await screen.findByRole('button', { name: /Fade/ }));
    await waitFor(() => expect(bodies).toEqual([{ opacity: 0.25 }]));
  });

  it('Details: the analysis results and the landmarks with their measurements in units', async () => {
    openViewer(viewerLoadFixture());
    await user.click(await screen.findByRole('tab', { name: 'Details' }));
    const results = screen.getByRole('table', { name: 'Analysis results' });
    expect(within(results).getByText('Annulus perimeter')).toBeInTheDocument();
    expect(within(results).getByText('75.4 mm')).toBeInTheDocument();
    const list = within(sidebar()).getByRole('list', { name: 'Landmarks' });
    expect(within(list).getByText('Annulus')).toBeInTheDocument();
    expect(within(list).getByText('Perimeter: 75.40 mm · Area: 452.39 mm²')).toBeInTheDocument();
  });

  it('Details: empty states', async () => {
    openViewer(viewerLoadFixture({ analysisResults: [], landmarks: [] }));
    await user.click(await screen.findByRole('tab', { name: 'Details' }));
    expect(screen.getByText('No analysis results yet.')).toBeInTheDocument();
    expect(within(sidebar()).getByText('No landmarks.')).toBeInTheDocument();
  });

  it('Details: no numeric results on a case measured through landmarks says what there is (issue 30 §5)', async () => {
    openViewer(viewerLoadFixture({ analysisResults: [] }));
    await user.click(await screen.findByRole('tab', { name: 'Details' }));
    expect(
      within(sidebar()).getByText(
        'No numeric results; this analysis has 1 landmark with 2 measurements, listed under Landmarks below.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('No analysis results yet.')).not.toBeInTheDocument();
  });

  it('Figures: an empty state', async () => {
    openViewer(viewerLoadFixture());
    await user.click(await screen.findByRole('tab', { name: 'Figures' }));
    expect(await screen.findByText('No figures for this study.')).toBeInTheDocument();
  });

  it("Figures: the study's images as thumbnails that enlarge", async () => {
    openViewer(viewerLoadFixture());
    server.use(
      apiHandler(routes.listAnalysisResources, ({ request }) => {
        const query = new URL(request.url).searchParams;
        const figures = query.get('type') === '2' && query.get('study_id') === STUDY_ID ? [figureFixture()] : [];
        return HttpResponse.json({ count: figures.length, next: null, previous: null, results: figures });
      }),
    );
    await user.click(await screen.findByRole('tab', { name: 'Figures' }));
    await user.click(await screen.findByRole('button', { name: 'Enlarge Pressure gradient' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('img', { name: 'Pressure gradient' })).toHaveAttribute(
      'src',
      '/files/gradient.png',
    );
  });

  it('Comments: lists them; no form for a user who may not add them, even one who may add result files', async () => {
    const load = viewerLoadFixture();
    openViewer({ ...load, permissions: { ...load.permissions, canAddAnalysisResources: true, canAddComments: false } });
    server.use(
      apiHandler(routes.listConfigs, () =>
        HttpResponse.json({
          count: 1,
          next: null,
          previous: null,
          results: [
            configFixture({
              comments: [{ author: 'Ann Analyst', text: 'Calcified annulus.', date: '2026-11-20T10:00:00.000Z' }],
            }),
          ],
        }),
      ),
    );
    await user.click(await screen.findByRole('tab', { name: 'Comments' }));
    expect(await screen.findByText('Calcified annulus.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add comment' })).not.toBeInTheDocument();
  });

  it('Comments: adds one with the right body and shows the answer', async () => {
    const bodies: unknown[] = [];
    const stored: Config['comments'] = [];
    const load = viewerLoadFixture();
    openViewer({ ...load, permissions: { ...load.permissions, canAddComments: true } });
    server.use(
      apiHandler(routes.listConfigs, () =>
        HttpResponse.json({ count: 1, next: null, previous: null, results: [configFixture({ comments: stored })] }),
      ),
      apiHandler(
        routes.patchConfig,
        async ({ request }) => {
          const body = (await request.json()) as { comment: string };
          bodies.push(body);
          stored.push({ author: 'Ann Analyst', text: body.comment, date: '2026-11-20T11:00:00.000Z' });
          return HttpResponse.json(configFixture({ comments: stored }));
        },
        { id: CONFIG_ID },
      ),
    );
    await user.click(await screen.findByRole('tab', { name: 'Comments' }));
    expect(await screen.findByText('No comments yet.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Comment' }), '  Looks good.  ');
    await user.click(screen.getByRole('button', { name: 'Add comment' }));
    expect(await screen.findByText('Looks good.')).toBeInTheDocument();
    expect(bodies).toEqual([{ comment: 'Looks good.' }]);
    expect(screen.getByRole('textbox', { name: 'Comment' })).toHaveValue('');
  });
});

describe('landmarks in the viewer (spec §4)', () => {
  const unpublished = landmarkFixture({
    id: 'e1000000-0000-4000-8000-000000000002',
    name: 'Draft distance',
    displayName: 'Draft distance',
    geometryType: 3,
    isPublished: false,
    canPublish: true,
    canDelete: true,
    measurements: { distance: 12.5 },
  });
  const editorLoad = () => {
    const load = viewerLoadFixture({ landmarks: [landmarkFixture(), unpublished] });
    return { ...load, permissions: { ...load.permissions, canCreateLandmarks: true } };
  };
  const landmarkList = () => within(screen.getByRole('complementary')).getByRole('list', { name: 'Landmarks' });
  const sceneLandmarkIds = () =>
    (
      JSON.parse(screen.getByTestId('scene-viewport').textContent ?? '{}') as { landmarks: { id: string }[] }
    ).landmarks.map((landmark) => landmark.id);

  it('no edit mode for a user who may not create landmarks; unpublished ones stay out of sight', async () => {
    openViewer(viewerLoadFixture({ landmarks: [landmarkFixture(), unpublished] }));
    await user.click(await screen.findByRole('tab', { name: 'Details' }));
    expect(screen.queryByRole('switch', { name: 'Edit mode' })).not.toBeInTheDocument();
    expect(within(landmarkList()).queryByText('Draft distance')).not.toBeInTheDocument();
  });

  it('edit mode shows every landmark with the actions the server allows; leaving it keeps only published ones', async () => {
    openViewer(editorLoad());
    await user.click(await screen.findByRole('tab', { name: 'Details' }));
    expect(sceneLandmarkIds()).toEqual([landmarkFixture().id]);
    await user.click(screen.getByRole('switch', { name: 'Edit mode' }));
    expect(within(landmarkList()).getByText('Draft distance')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Publish Draft distance' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Draft distance' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publish Annulus' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Annulus' })).not.toBeInTheDocument();
    expect(sceneLandmarkIds()).toEqual([landmarkFixture().id, unpublished.id]);
    await user.click(screen.getByRole('switch', { name: 'Edit mode' }));
    expect(within(landmarkList()).queryByText('Draft distance')).not.toBeInTheDocument();
    expect(sceneLandmarkIds()).toEqual([landmarkFixture().id]);
  });

  it('publishes through the API and shows the answer', async () => {
    const published: string[] = [];
    server.use(
      apiHandler(routes.publishLandmark, ({ params }) => {
        published.push(String(params.id));
        return HttpResponse.json({ ...unpublished, isPublished: true });
      }),
      apiHandler(routes.listLandmarks, () =>
        HttpResponse.json({
          count: 2,
          next: null,
          previous: null,
          results: [landmarkFixture(), { ...unpublished, isPublished: true }],
        }),
      ),
    );
    openViewer(editorLoad());
    await user.click(await screen.findByRole('tab', { name: 'Details' }));
    await user.click(screen.getByRole('switch', { name: 'Edit mode' }));
    await user.click(screen.getByRole('button', { name: 'Publish Draft distance' }));
    expect(await screen.findByRole('button', { name: 'Unpublish Draft distance' })).toBeInTheDocument();
    expect(published).toEqual([unpublished.id]);
  });

  it('deletes a landmark after confirmation', async () => {
    const deleted: string[] = [];
    server.use(
      apiHandler(routes.deleteLandmark, ({ params }) => {
        deleted.push(String(params.id));
        return new HttpResponse(null, { status: 204 });
      }),
      apiHandler(routes.listLandmarks, () =>
        HttpResponse.json({ count: 1, next: null, previous: null, results: [landmarkFixture()] }),
      ),
    );
    openViewer(editorLoad());
    await user.click(await screen.findByRole('tab', { name: 'Details' }));
    await user.click(screen.getByRole('switch', { name: 'Edit mode' }));
    await user.click(screen.getByRole('button', { name: 'Delete Draft distance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Draft distance?' });
    expect(deleted).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(landmarkList()).queryByText('Draft distance')).not.toBeInTheDocument());
    expect(deleted).toEqual([unpublished.id]);
  });

  it('hides a landmark the user may not change from the engines with its eye button, locally only', async () => {
    const patched = vi.fn();
    server.use(apiHandler(routes.patchLandmark, patched));
    openViewer(editorLoad());
    await user.click(await screen.findByRole('tab', { name: 'Details' }));
    await user.click(screen.getByRole('button', { name: 'Hide Annulus' }));
    expect(sceneLandmarkIds()).toEqual([]);
    expect(screen.getByRole('button', { name: 'Show Annulus' })).toHaveAttribute('aria-pressed', 'true');
    expect(patched).not.toHaveBeenCalled();
  });

  it("saves the eye button's choice for a landmark the user may change, and opens with it after a reload", async () => {
    const bodies: unknown[] = [];
    const mine = landmarkFixture({ canEdit: true });
    server.use(
      apiHandler(
        routes.patchLandmark,
        async ({ request }) => {
          const body = (await request.json()) as { isVisible: boolean };
          bodies.push(body);
          return HttpResponse.json({ ...mine, isVisible: body.isVisible });
        },
        { id: mine.id },
      ),
      apiHandler(routes.listLandmarks, () =>
        HttpResponse.json({ count: 1, next: null, previous: null, results: [{ ...mine, isVisible: false }] }),
      ),
    );
    const app = openViewer(viewerLoadFixture({ landmarks: [mine] }));
    await user.click(await screen.findByRole('tab', { name: 'Details' }));
    await user.click(screen.getByRole('button', { name: 'Hide Annulus' }));
    expect(sceneLandmarkIds()).toEqual([]);
    await waitFor(() => expect(bodies).toEqual([{ isVisible: false }]));
    expect(await screen.findByRole('button', { name: 'Show Annulus' })).toBeInTheDocument();
    app.unmount();

    openViewer(viewerLoadFixture({ landmarks: [{ ...mine, isVisible: false }] }));
    await user.click(await screen.findByRole('tab', { name: 'Details' }));
    expect(screen.getByRole('button', { name: 'Show Annulus' })).toHaveAttribute('aria-pressed', 'true');
    expect(sceneLandmarkIds()).toEqual([]);
  });

  it('puts the landmark back with the server message when saving its visibility fails', async () => {
    const mine = landmarkFixture({ canEdit: true });
    server.use(
      apiHandler(
        routes.patchLandmark,
        () =>
          HttpResponse.json(
            { detail: 'You do not have permission to change this landmark.', code: 'permission_denied' },
            { status: 403 },
          ),
        { id: mine.id },
      ),
    );
    openViewer(viewerLoadFixture({ landmarks: [mine] }));
    await user.click(await screen.findByRole('tab', { name: 'Details' }));
    await user.click(screen.getByRole('button', { name: 'Hide Annulus' }));
    expect(await screen.findByText('You do not have permission to change this landmark.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hide Annulus' })).toHaveAttribute('aria-pressed', 'false');
    expect(sceneLandmarkIds()).toEqual([mine.id]);
  });

  it('a new landmark is placed in the MPR view and saved; #debug shows the draft', async () => {
    const created: unknown[] = [];
    const saved = landmarkFixture({
      id: 'e1000000-0000-4000-8000-000000000003',
      name: 'My distance',
      displayName: 'My distance',
      isPublished: false,
    });
    server.use(
      apiHandler(routes.createLandmark, async ({ request }) => {
        created.push(await request.json());
        return HttpResponse.json(saved, { status: 201 });
      }),
      apiHandler(routes.listLandmarks, () =>
        HttpResponse.json({ count: 3, next: null, previous: null, results: [...editorLoad().landmarks, saved] }),
      ),
    );
    const app = openViewer(editorLoad(), `${PATH}/3dsurfaceviewer#debug`);
    await user.click(await screen.findByRole('tab', { name: 'Details' }));
    await user.click(screen.getByRole('switch', { name: 'Edit mode' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'My distance');
    await user.click(screen.getByRole('button', { name: 'New landmark' }));
    await waitFor(() => expect(app.location()).toBe(`${PATH}/mprviewer`));
    expect(app.router.state.location.hash).toBe('#debug');
    expect(screen.getByLabelText('Landmark being placed')).toHaveTextContent('Placing My distance: 0 point(s)');
    // The page hands the draft to the engine: a placing click must not move the crosshairs.
    await waitFor(() => expect(mprCalls.placing.at(-1)).toBe(true));
    await user.click(await screen.findByTestId('mpr-panes'));
    expect(screen.getByLabelText('Landmark being placed')).toHaveTextContent('Placing My distance: 1 point(s)');
    expect(screen.getByLabelText('Debug')).toHaveTextContent('1.5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A distance needs exactly 2 points.')).toBeInTheDocument();
    await user.click(screen.getByTestId('mpr-panes'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByLabelText('Landmark being placed')).not.toBeInTheDocument());
    expect(mprCalls.placing.at(-1)).toBe(false);
    expect(created).toEqual([
      expect.objectContaining({
        analysisId: ANALYSIS_ID,
        landmarkTypeId: null,
        name: 'My distance',
        geometryType: 3,
        viewType: 6,
        points: [
          [1.5, -2, 30],
          [1.5, -2, 30],
        ],
      }),
    ]);
    expect(within(landmarkList()).getByText('My distance')).toBeInTheDocument();
  });

  it("a new landmark never goes to the preliminary model: the analyst's analysis is started once for it", async () => {
    const started: unknown[] = [];
    const created: { analysisId: string }[] = [];
    const OWN = 'a2000000-0000-4000-8000-000000000077';
    const listed: (string | null)[] = [];
    server.use(
      apiHandler(routes.createAnalysis, async ({ request }) => {
        started.push(await request.json());
        const [preliminary] = editorLoad().analyses;
        if (!preliminary) throw new Error('the editor load has a preliminary analysis');
        return HttpResponse.json({ ...preliminary, id: OWN, isPreliminary: false }, { status: 201 });
      }),
      apiHandler(routes.createLandmark, async ({ request }) => {
        created.push((await request.json()) as { analysisId: string });
        return HttpResponse.json(landmarkFixture({ id: 'e1000000-0000-4000-8000-000000000004' }), { status: 201 });
      }),
      // The save reloads the landmarks shown (answered here, so the reload ends within the test).
      apiHandler(routes.listLandmarks, ({ request }) => {
        listed.push(new URL(request.url).searchParams.get('analysis_id'));
        return HttpResponse.json({ count: 1, next: null, previous: null, results: [landmarkFixture()] });
      }),
    );
    const load = editorLoad();
    openViewer(
      { ...load, analyses: load.analyses.map((a) => ({ ...a, isPreliminary: true })) },
      `${PATH}/3dsurfaceviewer`,
    );
    await user.click(await screen.findByRole('tab', { name: 'Details' }));
    await user.click(screen.getByRole('switch', { name: 'Edit mode' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Own distance');
    await user.click(screen.getByRole('button', { name: 'New landmark' }));
    await screen.findByLabelText('Landmark being placed');
    expect(started).toEqual([expect.objectContaining({ type: 1, name: 'Anatomical analysis' })]);
    await user.click(await screen.findByTestId('mpr-panes'));
    await user.click(screen.getByTestId('mpr-panes'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(created).toEqual([expect.objectContaining({ analysisId: OWN })]));
    await waitFor(() => expect(listed).not.toHaveLength(0));
  });

  it('shows the debug panel only with the #debug hash', async () => {
    openViewer(editorLoad(), `${PATH}/3dsurfaceviewer#debug`);
    expect(await screen.findByLabelText('Debug')).toHaveTextContent('"editMode": false');
    openViewer(editorLoad());
    // The second viewer itself, not the first one's scene: it has signed in and opened.
    await waitFor(() => expect(screen.getAllByTestId('scene-viewport')).toHaveLength(2));
    expect(screen.getAllByLabelText('Debug')).toHaveLength(1);
  });
});
