import type { ViewerLoad } from '@cardiomap/contract';
import { Box, Tab, Tabs } from '@mui/material';
import { useState } from 'react';
import { Outlet, Link as RouterLink, useLocation } from 'react-router';
import { LandmarkDebugPanel } from './landmarks/LandmarkDebugPanel.tsx';
import { ViewerSidebar } from './sidebar/ViewerSidebar.tsx';
import { useViewerState } from './use-viewer-state.ts';
import { ViewerHeader } from './ViewerHeader.tsx';
import { VIEWER_HEIGHT_OFFSET_PX, VIEWER_MIN_WIDTH_PX } from './viewer-layout.ts';
import { VIEWER_CHILDREN } from './viewer-paths.ts';

const CHILD_LABELS: Record<(typeof VIEWER_CHILDREN)[number], string> = {
  '3dsurfaceviewer': '3D',
  mprviewer: 'MPR',
  detail: 'Detail',
};

/** The viewer's frame: header, links between the 3D, MPR and detail views, the view, and the sidebar. */
export function ViewerWorkspace({ load, embedded }: { load: ViewerLoad; embedded: boolean }) {
  const context = useViewerState(load);
  const [sidebarOpen, setSidebarOpen] = useState(true);
  const { pathname, hash } = useLocation();
  const current = VIEWER_CHILDREN.find((child) => pathname.endsWith(`/${child}`)) ?? false;
  return (
    <Box
      data-testid="study-viewer"
      data-embedded={embedded}
      sx={{
        height: `calc(100vh - ${VIEWER_HEIGHT_OFFSET_PX}px)`,
        minWidth: VIEWER_MIN_WIDTH_PX,
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      <ViewerHeader load={load} />
      <Tabs value={current} sx={{ px: 2, minHeight: 40 }} aria-label="Viewer views">
        {VIEWER_CHILDREN.map((child) => (
          <Tab
            key={child}
            label={CHILD_LABELS[child]}
            value={child}
            component={RouterLink}
            to={{ pathname: child, hash }}
            sx={{ minHeight: 40 }}
          />
        ))}
      </Tabs>
      <Box sx={{ flex: 1, minHeight: 0, display: 'flex' }}>
        <Box component="section" aria-label="View" sx={{ flex: 1, minWidth: 0, position: 'relative' }}>
          <Outlet context={context} />
        </Box>
        <ViewerSidebar context={context} open={sidebarOpen} onToggle={() => setSidebarOpen((open) => !open)} />
      </Box>
      {context.debug && <LandmarkDebugPanel context={context} />}
    </Box>
  );
}
