import type { ViewerLoad } from '@cardiomap/contract';
import type { VisualisationObjectPatch } from './api/patch-visualisation-object.ts';
import type { SceneObjectSpec } from './scene/scene-types.ts';

export type SceneObject = ViewerLoad['config']['visualisations'][number]['objects'][number];
export type ObjectPatch = VisualisationObjectPatch;

/** Every visualisation's objects in drawing order, with the user's unsaved or saved edits over them. */
export function sceneObjects(load: ViewerLoad, patches: Readonly<Record<string, ObjectPatch>>): SceneObject[] {
  return load.config.visualisations
    .flatMap((visualisation) => visualisation.objects)
    .map((object) => ({ ...object, ...patches[object.id] }))
    .sort((a, b) => a.objectOrder - b.objectOrder);
}

/** A scene object as the 3D scene and its settings panel take it. */
export const toSceneObjectSpec = (object: SceneObject): SceneObjectSpec => ({
  ...object,
  url: object.readUrl,
  filename: object.filename ?? '',
});
