import type { ViewerLoad } from '@cardiomap/contract';
import { GeometryType, routes, type Vec3, ViewType } from '@cardiomap/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../api/query-client.ts';
import { ToastProvider } from '../../../components/Toasts.tsx';
import { apiHandler } from '../../../testing/api-handler.ts';
import { server, setUpMockApi } from '../../../testing/server.ts';
import {
  ANALYSIS_ID,
  gatedViewerLoadFixture,
  landmarkFixture,
  STUDY_ID,
  viewerLoadFixture,
} from '../testing/viewer-fixtures.ts';
import { LandmarkDraftBar } from './LandmarkDraftBar.tsx';
import type { LandmarkEditController } from './landmark-edit-controller.ts';
import { useLandmarkEdit } from './use-landmark-edit.ts';

setUpMockApi();
// MUI's first render is slow on a busy two-core machine.
vi.setConfig({ testTimeout: 30_000 });
const user = userEvent.setup();

const square: Vec3[] = [
  [0, 0, 30],
  [10, 0, 30],
  [10, 10, 30],
  [0, 10, 30],
];
/** The square with its last two points swapped: a bow-tie. */
const bowTie: Vec3[] = [square[0]!, square[1]!, square[3]!, square[2]!];

/** The draft bar on the page's real edit controller and mutations, as the Details tab shows it. */
function Drafting({
  onController,
  load,
  phaseId,
}: {
  onController(controller: LandmarkEditController): void;
  load: ViewerLoad;
  phaseId: string | null;
}) {
  const { controller, state } = useLandmarkEdit(STUDY_ID, true);
  useEffect(() => onController(controller), [controller, onController]);
  const currentPhase = load.phases.find((phase) => phase.id === phaseId) ?? null;
  controller.setCurrentPhase(currentPhase?.id ?? null);
  return <LandmarkDraftBar context={{ edit: controller, editState: state, load, currentPhase }} />;
}

/** Renders the bar with an area being drawn; answers what POST landmarks/ answers, and counts the posts. */
function drawArea(
  answer: () => Response,
  { load = viewerLoadFixture(), phaseId = null }: { load?: ViewerLoad; phaseId?: string | null } = {},
) {
  const posted: unknown[] = [];
  server.use(
    apiHandler(routes.createLandmark, async ({ request }) => {
      posted.push(await request.json());
      return answer();
    }),
  );
  let edit: LandmarkEditController | undefined;
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ToastProvider>
        <Drafting
          load={load}
          phaseId={phaseId}
          onController={(controller) => {
            edit = controller;
          }}
        />
      </ToastProvider>
    </QueryClientProvider>,
  );
  const controller = edit as LandmarkEditController;
  act(() => {
    controller.setEditMode(true);
    controller.initialise({
      analysisId: ANALYSIS_ID,
      landmarkTypeId: null,
      name: 'Annulus outline',
      geometryType: GeometryType.AREA,
      viewType: ViewType.AXIAL,
    });
  });
  const place = (points: Vec3[]) => act(() => controller.setPoints(points));
  const bar = () => screen.getByLabelText('Landmark being placed');
  return { posted, place, bar };
}

describe('LandmarkDraftBar: a refused shape is said next to the drawing', () => {
  it('says an outline crosses itself as soon as it does, saves nothing, and clears when it is undone', async () => {
    const { posted, place, bar } = drawArea(() => HttpResponse.json(landmarkFixture(), { status: 201 }));
    place(bowTie.slice(0, 3));
    expect(within(bar()).queryByRole('alert')).not.toBeInTheDocument();
    place(bowTie);
    expect(within(bar()).getByRole('alert')).toHaveTextContent('The outline crosses itself');
    await user.click(within(bar()).getByRole('button', { name: 'Save' }));
    expect(within(bar()).getByRole('alert')).toHaveTextContent('The outline crosses itself');
    expect(posted).toEqual([]);
    place(square);
    expect(within(bar()).queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows the server's reason for refusing the points there, not a bare status in a toast", async () => {
    const { posted, place, bar } = drawArea(() =>
      HttpResponse.json({ points: ['The outline crosses itself'] }, { status: 400 }),
    );
    place(square);
    await user.click(within(bar()).getByRole('button', { name: 'Save' }));
    expect(await within(bar()).findByRole('alert')).toHaveTextContent('The outline crosses itself');
    expect(posted).toEqual([expect.objectContaining({ geometryType: GeometryType.AREA, points: square })]);
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
    expect(within(bar()).getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('puts the reasons on the points first when the server names several fields', async () => {
    const { place, bar } = drawArea(() =>
      HttpResponse.json(
        { name: ['This field is required'], points: ['An area needs at least 3 points.'] },
        { status: 400 },
      ),
    );
    place(square);
    await user.click(within(bar()).getByRole('button', { name: 'Save' }));
    expect(await within(bar()).findByRole('alert')).toHaveTextContent(
      'An area needs at least 3 points. This field is required',
    );
  });

  it('keeps the toast for other failures, and says the same next to the drawing', async () => {
    const { place, bar } = drawArea(() =>
      HttpResponse.json(
        { detail: 'You do not have permission to add landmarks to this case.', code: 'permission_denied' },
        { status: 403 },
      ),
    );
    place(square);
    await user.click(within(bar()).getByRole('button', { name: 'Save' }));
    const message = 'You do not have permission to add landmarks to this case.';
    expect(await within(bar()).findByRole('alert')).toHaveTextContent(message);
    expect(await screen.findByTestId('toast')).toHaveTextContent(message);
  });
});

describe('LandmarkDraftBar: cardiac phases (issue 28)', () => {
  const gated = gatedViewerLoadFixture();
  const [, systole, diastole] = gated.phases;

  it('notes that the annulus is sized in systole when it is placed on a diastolic phase', () => {
    const { bar } = drawArea(() => HttpResponse.json(landmarkFixture(), { status: 201 }), {
      load: gated,
      phaseId: diastole?.id as string,
    });
    expect(within(bar()).getByText(/On cardiac phase 70 %/)).toBeInTheDocument();
    expect(within(bar()).getByRole('alert')).toHaveTextContent(
      /annulus is sized in systole.*Systolic phase\(s\): 40 %/,
    );
  });

  it('has no note on the systolic phase, and the new landmark is saved on the phase shown', async () => {
    const { posted, place, bar } = drawArea(() => HttpResponse.json(landmarkFixture(), { status: 201 }), {
      load: gated,
      phaseId: systole?.id as string,
    });
    expect(within(bar()).queryByRole('alert')).not.toBeInTheDocument();
    place(square);
    await user.click(within(bar()).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ phaseId: systole?.id });
  });
});
