/** Spec §2 "Viewer": the sidebar's tabs, in order. */
export const SIDEBAR_TABS = [
  { id: 'objects', label: 'Object Settings' },
  { id: 'details', label: 'Details' },
  { id: 'figures', label: 'Figures' },
  { id: 'comments', label: 'Comments' },
] as const;
export type SidebarTabId = (typeof SIDEBAR_TABS)[number]['id'];

/** The navigation state key with which a link opens the sidebar on one tab (the `detail` route does). */
export const SIDEBAR_TAB_STATE = 'sidebarTab';

export const sidebarTabOf = (state: unknown): SidebarTabId | null => {
  const asked = (state as Record<string, unknown> | null)?.[SIDEBAR_TAB_STATE];
  return SIDEBAR_TABS.some((tab) => tab.id === asked) ? (asked as SidebarTabId) : null;
};
