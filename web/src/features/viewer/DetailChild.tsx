import { Navigate, useLocation } from 'react-router';
import { SIDEBAR_TAB_STATE } from './sidebar/sidebar-tabs.ts';

/**
 * Spec §2 `detail`: kept as a route so its links keep working, but it showed what the sidebar's Details
 * tab shows (spec §2 "Viewer": Details, the results). One place for one thing: it opens the 3D view with
 * the sidebar on Details, keeping the hash ('#debug').
 */
export function DetailChild() {
  const { hash } = useLocation();
  return <Navigate to={{ pathname: '../3dsurfaceviewer', hash }} replace state={{ [SIDEBAR_TAB_STATE]: 'details' }} />;
}
