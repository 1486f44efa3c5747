import type { ViewerLoad } from '@cardiomap/contract';
import { Box, Tab, Tabs } from '@mui/material';
import { useEffect, useState } from 'react';
import { Outlet, Link as RouterLink, useLocation } from 'react-router';
import { LandmarkDebugPanel } from './landmarks/LandmarkDebugPanel.tsx';
import { PhaseMoveDialog } from './landmarks/PhaseMoveDialog.tsx';
import { usePhaseCine } from './phases/use-phase-cine.ts';
import { type SidebarTabId, sidebarTabOf } from './sidebar/sidebar-tabs.ts';
import { ViewerSidebar } from './sidebar/ViewerSidebar.tsx';
import { useViewerState } from './use-viewer-state.ts';
import { ViewerHeader } from './ViewerHeader.tsx';
import { VIEWER_HEIGHT_OFFSET_PX, VIEWER_MIN_WIDTH_PX } from './viewer-layout.ts';
import type { VIEWER_CHILDREN } from './viewer-paths.ts';

/**
 * The views' tabs. `detail` has none: what it showed is the sidebar's Details tab (spec §2 "Viewer"),
 * so its route opens that tab instead of a second copy of it.
 */
const VIEW_TABS: { child: (typeof VIEWER_CHILDREN)[number]; label: string }[] = [
  { child: '3dsurfaceviewer', label: '3D' },
  { child: 'mprviewer', label: 'MPR' },
];

/** The viewer's frame: header, links between the 3D and MPR views, the view, and the sidebar. */
export function ViewerWorkspace({ load, embedded }: { load: ViewerLoad; embedded: boolean }) {
  const context = useViewerState(load);
  const cine = usePhaseCine(load.phases, context.currentPhase);
  const [sidebarOpen, setSidebarOpen] = useState(true);
  const [sidebarTab, setSidebarTab] = useState<SidebarTabId>('objects');
  const { pathname, hash, state, key } = useLocation();
  // A navigation that asks for a sidebar tab (the `detail` route's) opens the sidebar on it, once.
  const [tabAskedBy, setTabAskedBy] = useState<string | null>(null);
  const askedTab = sidebarTabOf(state);
  if (askedTab && tabAskedBy !== key) {
    setTabAskedBy(key);
    setSidebarTab(askedTab);
    setSidebarOpen(true);
  }
  // Issue 30: the viewer's first render with its load (bench:viewer BENCH_FELT=1).
  useEffect(() => {
    if (!performance.getEntriesByName('cm:viewer:workspace').length) performance.mark('cm:viewer:workspace');
  }, []);
  const current = VIEW_TABS.find(({ child }) => pathname.endsWith(`/${child}`))?.child ?? false;
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
      <ViewerHeader load={load} currentPhase={context.currentPhase} onSelectPhase={context.selectPhase} cine={cine} />
      <Tabs value={current} sx={{ px: 2, minHeight: 40 }} aria-label="Viewer views">
        {VIEW_TABS.map(({ child, label }) => (
          <Tab
            key={child}
            label={label}
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
        <ViewerSidebar
          context={context}
          open={sidebarOpen}
          onToggle={() => setSidebarOpen((open) => !open)}
          tab={sidebarTab}
          onTabChange={setSidebarTab}
        />
      </Box>
      <PhaseMoveDialog context={context} />
      {context.debug && <LandmarkDebugPanel context={context} />}
    </Box>
  );
}
