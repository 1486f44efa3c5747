import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Box, IconButton, Paper, Tab, Tabs, Tooltip } from '@mui/material';
import type { ViewerContext } from '../viewer-context.ts';
import { SIDEBAR_WIDTH_PX } from '../viewer-layout.ts';
import { CommentsTab } from './CommentsTab.tsx';
import { DetailsTab } from './DetailsTab.tsx';
import { FiguresTab } from './FiguresTab.tsx';
import { SceneObjectSettings } from './SceneObjectSettings.tsx';
import { SIDEBAR_TABS, type SidebarTabId } from './sidebar-tabs.ts';

/** Spec §2 "Viewer": the sidebar, open by default, with its four tabs; it folds away to a button. */
export function ViewerSidebar({
  context,
  open,
  onToggle,
  tab,
  onTabChange,
}: {
  context: ViewerContext;
  open: boolean;
  onToggle(): void;
  /** The workspace holds the tab: a link (the `detail` route) may open the sidebar on one. */
  tab: SidebarTabId;
  onTabChange(tab: SidebarTabId): void;
}) {
  const label = open ? 'Hide sidebar' : 'Show sidebar';
  return (
    <Paper
      square
      elevation={2}
      component="aside"
      aria-label="Viewer sidebar"
      sx={{
        width: open ? SIDEBAR_WIDTH_PX : 40,
        flexShrink: 0,
        display: 'flex',
        flexDirection: 'column',
        minHeight: 0,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center' }}>
        <Tooltip title={label}>
          <IconButton aria-label={label} aria-expanded={open} aria-controls="viewer-sidebar-panel" onClick={onToggle}>
            {open ? <ChevronRightIcon /> : <ChevronLeftIcon />}
          </IconButton>
        </Tooltip>
      </Box>
      {open && (
        <>
          <Tabs
            value={tab}
            onChange={(_, value: SidebarTabId) => onTabChange(value)}
            // All four in the 360 px sidebar, none scrolled out of sight: a long label takes two lines.
            variant="fullWidth"
            aria-label="Sidebar tabs"
          >
            {SIDEBAR_TABS.map(({ id, label: tabLabel }) => (
              <Tab
                key={id}
                value={id}
                label={tabLabel}
                id={`viewer-tab-${id}`}
                aria-controls="viewer-sidebar-panel"
                sx={{ minWidth: 0, px: 1, textTransform: 'none' }}
              />
            ))}
          </Tabs>
          <Box
            id="viewer-sidebar-panel"
            role="tabpanel"
            aria-labelledby={`viewer-tab-${tab}`}
            sx={{ flex: 1, overflow: 'auto', p: 1.5 }}
          >
            {tab === 'objects' && <SceneObjectSettings context={context} />}
            {tab === 'details' && <DetailsTab context={context} />}
            {tab === 'figures' && <FiguresTab load={context.load} />}
            {tab === 'comments' && <CommentsTab load={context.load} />}
          </Box>
        </>
      )}
    </Paper>
  );
}
