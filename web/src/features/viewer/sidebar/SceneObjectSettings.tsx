import { useMemo } from 'react';
// The panel itself, not the scene's index: the sidebar must not pull three.js onto the page's first load.
import { ObjectSettingsPanel } from '../scene/ObjectSettingsPanel.tsx';
import { toSceneObjectSpec } from '../scene-objects.ts';
import type { ViewerContext } from '../viewer-context.ts';

/** The sidebar's Object Settings tab: saved for users who may change scene objects, else local. */
export function SceneObjectSettings({ context }: { context: ViewerContext }) {
  const specs = useMemo(() => context.objects.map(toSceneObjectSpec), [context.objects]);
  return <ObjectSettingsPanel objects={specs} onChange={context.changeObject} />;
}
