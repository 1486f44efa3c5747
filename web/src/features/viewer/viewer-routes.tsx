import { Navigate, type RouteObject } from 'react-router';

/**
 * The viewer's route subtree (spec §2): the page with its 3dsurfaceviewer, mprviewer and detail
 * children. Everything below is loaded on the first visit, so the rendering engines (Cornerstone3D,
 * three.js) never weigh on the rest of the app. Route ids are the spec's route names; the embedded
 * copy prefixes them, as ids are unique in one router.
 */
export function studyViewerRoute({ embedded }: { embedded: boolean }): RouteObject {
  const prefix = embedded ? 'iframe-' : '';
  return {
    lazy: async () => {
      const { StudyViewerPage } = await import('./StudyViewerPage.tsx');
      return { element: <StudyViewerPage embedded={embedded} /> };
    },
    children: [
      { index: true, element: <Navigate to="3dsurfaceviewer" replace /> },
      {
        path: '3dsurfaceviewer',
        id: `${prefix}study`,
        lazy: async () => ({ Component: (await import('./SceneChild.tsx')).SceneChild }),
      },
      {
        path: 'mprviewer',
        id: `${prefix}mprviewer`,
        lazy: async () => ({ Component: (await import('./MprChild.tsx')).MprChild }),
      },
      {
        path: 'detail',
        id: `${prefix}study-detail`,
        lazy: async () => ({ Component: (await import('./DetailChild.tsx')).DetailChild }),
      },
    ],
  };
}
