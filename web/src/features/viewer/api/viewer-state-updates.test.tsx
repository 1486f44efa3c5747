import { type Config, type Landmark, routes, type ViewerLoad } from '@cardiomap/contract';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, screen } from '@testing-library/react';
import { HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../api/index.ts';
import { ToastProvider } from '../../../components/Toasts.tsx';
import { apiHandler } from '../../../testing/api-handler.ts';
import { server, setUpMockApi } from '../../../testing/server.ts';
import {
  ANALYSIS_ID,
  CONFIG_ID,
  configFixture,
  landmarkFixture,
  STUDY_ID,
  viewerLoadFixture,
} from '../testing/viewer-fixtures.ts';
import { useAddComment } from './add-comment.ts';
import { applyLandmarkAnswer } from './list-landmarks.ts';
import { usePatchAnalysisResults } from './patch-analysis-results.ts';
import { usePatchLandmark } from './patch-landmark.ts';
import { viewerKeys } from './viewer-keys.ts';

setUpMockApi();

const OTHER_ID = '0e000000-0000-4000-8000-0000000000ff';
const held = landmarkFixture();

function setUp() {
  const queryClient = createQueryClient();
  queryClient.setQueryData<Landmark[]>(viewerKeys.landmarks(STUDY_ID), [held]);
  queryClient.setQueryData<Config | null>(viewerKeys.comments(STUDY_ID), configFixture());
  queryClient.setQueryData<ViewerLoad>(viewerKeys.load(STUDY_ID), viewerLoadFixture());
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>{children}</ToastProvider>
    </QueryClientProvider>
  );
  return { queryClient, wrapper };
}

const landmarksOf = (queryClient: QueryClient) => queryClient.getQueryData<Landmark[]>(viewerKeys.landmarks(STUDY_ID));

/** Spec §5 Viewer: updates with an unknown id or a mismatching property id throw, and apply nothing. */
describe('the viewer refuses state updates it cannot place', () => {
  describe('landmark', () => {
    it('applies a known landmark’s answer, an addition and a deletion', async () => {
      const { queryClient } = setUp();
      await applyLandmarkAnswer(queryClient, STUDY_ID, { id: held.id, saved: { ...held, name: 'Annulus 2' } });
      expect(landmarksOf(queryClient)?.map((l) => l.name)).toEqual(['Annulus 2']);
      await applyLandmarkAnswer(queryClient, STUDY_ID, { created: landmarkFixture({ id: OTHER_ID }) });
      expect(landmarksOf(queryClient)).toHaveLength(2);
      await applyLandmarkAnswer(queryClient, STUDY_ID, { deletedId: OTHER_ID });
      expect(landmarksOf(queryClient)?.map((l) => l.id)).toEqual([held.id]);
    });

    it('takes a created landmark that a refetch brought in first once, as the same landmark', async () => {
      const { queryClient } = setUp();
      await applyLandmarkAnswer(queryClient, STUDY_ID, { created: { ...held, name: 'As created' } });
      expect(landmarksOf(queryClient)?.map((l) => l.name)).toEqual(['As created']);
    });

    it('throws on an unknown id or a mismatching id', () => {
      const { queryClient } = setUp();
      const unknown = landmarkFixture({ id: OTHER_ID });
      expect(() => applyLandmarkAnswer(queryClient, STUDY_ID, { id: OTHER_ID, saved: unknown })).toThrow(
        `Landmark ${OTHER_ID} is not in the viewer's state: the change was not applied.`,
      );
      expect(() => applyLandmarkAnswer(queryClient, STUDY_ID, { deletedId: OTHER_ID })).toThrow(/is not in the viewer/);
      expect(() => applyLandmarkAnswer(queryClient, STUDY_ID, { id: held.id, saved: unknown })).toThrow(
        `Landmark ${held.id} cannot take the value of ${OTHER_ID}: the change was not applied.`,
      );
      expect(landmarksOf(queryClient)).toEqual([held]);
    });

    it('shows the refusal of a saved answer naming another landmark as an error toast', async () => {
      const { queryClient, wrapper } = setUp();
      server.use(apiHandler(routes.patchLandmark, () => HttpResponse.json(landmarkFixture({ id: OTHER_ID }))));
      const { result } = renderHook(() => usePatchLandmark(STUDY_ID), { wrapper });
      await act(() => result.current.mutateAsync({ id: held.id, body: { name: 'Moved' } }).catch(() => undefined));
      expect(await screen.findByTestId('toast')).toHaveTextContent(`Landmark ${held.id} cannot take the value`);
      expect(landmarksOf(queryClient)).toEqual([held]);
    });
  });

  describe('config', () => {
    it('refuses an answer for another config than the one the comment was added to', async () => {
      const { queryClient, wrapper } = setUp();
      server.use(apiHandler(routes.patchConfig, () => HttpResponse.json(configFixture({ id: OTHER_ID }))));
      const { result } = renderHook(() => useAddComment(STUDY_ID), { wrapper });
      await act(() => result.current.mutateAsync({ configId: CONFIG_ID, comment: 'Note' }).catch(() => undefined));
      expect(await screen.findByTestId('toast')).toHaveTextContent(
        `Viewer configuration ${CONFIG_ID} cannot take the value of ${OTHER_ID}`,
      );
      expect(queryClient.getQueryData<Config>(viewerKeys.comments(STUDY_ID))?.id).toBe(CONFIG_ID);
    });

    it('takes the answer of the config held', async () => {
      const { queryClient, wrapper } = setUp();
      const answered = configFixture({
        comments: [{ author: 'Ana Lyst', text: 'Note', date: '2026-11-23T10:00:00Z' }],
      });
      server.use(apiHandler(routes.patchConfig, () => HttpResponse.json(answered)));
      const { result } = renderHook(() => useAddComment(STUDY_ID), { wrapper });
      await act(() => result.current.mutateAsync({ configId: CONFIG_ID, comment: 'Note' }));
      expect(queryClient.getQueryData<Config>(viewerKeys.comments(STUDY_ID))?.comments).toHaveLength(1);
    });
  });

  describe('analysis', () => {
    it('refuses results saved for an analysis the viewer does not hold', async () => {
      const { queryClient, wrapper } = setUp();
      const [analysis] = viewerLoadFixture().analyses;
      server.use(apiHandler(routes.patchAnalysis, () => HttpResponse.json({ ...analysis, id: OTHER_ID } as never)));
      const { result } = renderHook(() => usePatchAnalysisResults(STUDY_ID), { wrapper });
      await act(() => result.current.mutateAsync({ analysisId: OTHER_ID, results: [] }).catch(() => undefined));
      expect(await screen.findByTestId('toast')).toHaveTextContent(`Analysis ${OTHER_ID} is not in the viewer's state`);
      expect(queryClient.getQueryData<ViewerLoad>(viewerKeys.load(STUDY_ID))?.analyses).toEqual(
        viewerLoadFixture().analyses,
      );
    });

    it('refuses an answer naming another analysis than the one saved', async () => {
      const { wrapper } = setUp();
      const [analysis] = viewerLoadFixture().analyses;
      server.use(apiHandler(routes.patchAnalysis, () => HttpResponse.json({ ...analysis, id: OTHER_ID } as never)));
      const { result } = renderHook(() => usePatchAnalysisResults(STUDY_ID), { wrapper });
      await act(() => result.current.mutateAsync({ analysisId: ANALYSIS_ID, results: [] }).catch(() => undefined));
      expect(await screen.findByTestId('toast')).toHaveTextContent(
        `Analysis ${ANALYSIS_ID} cannot take the value of ${OTHER_ID}`,
      );
    });
  });
});
