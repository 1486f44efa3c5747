import type { ViewerLoad } from '@cardiomap/contract';
import type { VisualisationObjectPatch } from './api/patch-visualisation-object.ts';

export type SceneObject = ViewerLoad['config']['visualisations'][number]['objects'][number];
export type ObjectPatch = VisualisationObjectPatch;

/** Every visualisation's objects in drawing order, with the user's unsaved or saved edits over them. */
export function sceneObjects(load: ViewerLoad, patches: Readonly<Record<string, ObjectPatch>>): SceneObject[] {
  return load.config.visualisations
    .flatMap((visualisation) => visualisation.objects)
    .map((object) => ({ ...object, ...patches[object.id] }))
    .sort((a, b) => a.objectOrder - b.objectOrder);
}
