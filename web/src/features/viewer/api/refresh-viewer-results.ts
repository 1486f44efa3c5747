import type { ViewerLoad } from '@cardiomap/contract';
import type { QueryClient } from '@tanstack/react-query';
import { loadViewer } from './load-viewer.ts';
import { viewerKeys } from './viewer-keys.ts';

/**
 * After a result changed (a mesh added or removed, numeric results saved): the scene, analyses and
 * results from a fresh viewer load, keeping the volume part of the cached one, since a new volume link
 * would make the MPR panes download the volume again.
 */
export async function refreshViewerResults(queryClient: QueryClient, studyId: string): Promise<void> {
  const fresh = await loadViewer(studyId);
  queryClient.setQueryData<ViewerLoad>(viewerKeys.load(studyId), (old) =>
    old ? { ...fresh, dicom: old.dicom } : fresh,
  );
  await queryClient.invalidateQueries({ queryKey: viewerKeys.figures(studyId) });
  await queryClient.invalidateQueries({ queryKey: viewerKeys.meshResults(studyId) });
}
