import { PERMISSIONS as P } from '../permissions.ts';

/**
 * Who may add a comment to a study's viewer config (spec §3 Viewer config `comments`, the sidebar's
 * Comments tab). Spec §6 names no permission of its own for comments: a comment is a change to the viewer
 * config, and configs arrange the analysis resources, so the analysis-resource permissions govern it as
 * they govern every other config write — PATCH configs/{id}/ takes the change permission, and a study that
 * has no config yet first needs one created (POST configs/), which takes the add permission. A colleague
 * the case is only shared with looks and never writes.
 */
export function canAddComment(
  permissions: ReadonlySet<string>,
  facts: { isMember: boolean; hasConfig: boolean },
): boolean {
  if (!facts.isMember || !permissions.has(P.changeAnalysisResource)) return false;
  return facts.hasConfig || permissions.has(P.addAnalysisResource);
}
