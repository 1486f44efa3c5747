import { lazy, Suspense } from 'react';
import { Navigate, type RouteObject, useLocation } from 'react-router';
import { ChunkLoadFailed, chunkFailedRoute } from '../../components/ChunkLoadFailed.tsx';
import { loadChunk } from '../../lib/chunk-load.ts';
import { DetailChild } from './DetailChild.tsx';
import { MprPreviewPanes } from './mpr/MprPreviewPanes.tsx';
import { loadMprChild } from './mpr-child-loader.ts';
import { useViewerContext } from './viewer-context.ts';
import { LANDMARK_PARAM } from './viewer-paths.ts';

/**
 * The MPR child is a lazy component, not a lazy route: a lazy route holds the whole page back until
 * its 4 MB chunk (Cornerstone3D) has loaded and run, and only then does the page ask for the user and
 * the viewer load. Instead the route's loader starts the chunk as the route matches and the page goes
 * on at once, so those requests and the chunk are under way together. The chunk's import waits for the
 * first image (first-image-gate.ts), which the fallback draws from the prefetched volume: run while that
 * image is on its way, the chunk would hold it back (mpr-child-loader.ts; the 3D view warms it).
 */
const LazyMprChild = lazy(async () => ({ default: (await loadMprChild()).MprChild }));

/** While the MPR chunk loads: the panes with the prefetched volume's first image. */
function MprLoading() {
  const attributes = useViewerContext().load.dicom?.attributes;
  return <MprPreviewPanes volumeUrl={attributes?.readUrl} levels={attributes?.levels} />;
}

/**
 * The study's own address opens the 3D view; a report link (`?landmark=<id>`, issue 18 §2) opens the
 * MPR panes instead, keeping the query so the page selects that landmark and snaps to its plane.
 */
function ViewerIndex() {
  const { search } = useLocation();
  const landmark = new URLSearchParams(search).has(LANDMARK_PARAM);
  return <Navigate to={{ pathname: landmark ? 'mprviewer' : '3dsurfaceviewer', search }} replace />;
}

/**
 * The viewer's route subtree (spec §2): the page with its 3dsurfaceviewer, mprviewer and detail
 * children (detail opens the 3D view on the sidebar's Details tab). Everything below is loaded on the
 * first visit, so the rendering engines (Cornerstone3D, three.js) never weigh on the rest of the app. Route ids are the spec's route names; the embedded
 * copy prefixes them, as ids are unique in one router.
 */
export function studyViewerRoute({ embedded }: { embedded: boolean }): RouteObject {
  const prefix = embedded ? 'iframe-' : '';
  return {
    // Every chunk below is bounded by loadChunk (spec §9, 120 s): one that does not arrive shows an error
    // with a reload, never an endless loading state. The error element takes the MPR child's, thrown in render.
    errorElement: <ChunkLoadFailed />,
    lazy: () =>
      loadChunk(() => import('./StudyViewerPage.tsx')).then(
        ({ StudyViewerPage }) => ({ element: <StudyViewerPage embedded={embedded} /> }),
        chunkFailedRoute,
      ),
    children: [
      { index: true, element: <ViewerIndex /> },
      {
        path: '3dsurfaceviewer',
        id: `${prefix}study`,
        lazy: () =>
          loadChunk(() => import('./SceneChild.tsx')).then(
            ({ SceneChild }) => ({ element: <SceneChild /> }),
            chunkFailedRoute,
          ),
      },
      {
        path: 'mprviewer',
        id: `${prefix}mprviewer`,
        loader: () => {
          // Only a head start: LazyMprChild asks again and shows a failure with its reload, so a failure
          // here is dropped rather than left as an unhandled rejection (a test's torn-down import, an
          // offline tab).
          loadMprChild().catch(() => undefined);
          return null;
        },
        element: (
          <Suspense fallback={<MprLoading />}>
            <LazyMprChild />
          </Suspense>
        ),
      },
      {
        path: 'detail',
        id: `${prefix}study-detail`,
        element: <DetailChild />,
      },
    ],
  };
}
