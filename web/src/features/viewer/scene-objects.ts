import type { LegacyResultItem, ViewerLoad } from '@cardiomap/contract';
import type { VisualisationObjectPatch } from './api/patch-visualisation-object.ts';
import type { SceneObjectSpec } from './scene/scene-types.ts';

export type SceneObject = ViewerLoad['config']['visualisations'][number]['objects'][number];
export type ObjectPatch = VisualisationObjectPatch;

/** Legacy results are drawn beside the study's objects but are no visualisation objects: never saved. */
const LEGACY_ID_PREFIX = 'legacy-';
export const isLegacyObjectId = (id: string): boolean => id.startsWith(LEGACY_ID_PREFIX);
/** After the study's own objects, in the legacy config's order. */
const LEGACY_ORDER_BASE = 100_000;

/** A drawable legacy simulation result (architecture.md §13) as a read-only scene object. */
function legacySceneObject(load: ViewerLoad, item: LegacyResultItem, index: number): SceneObject {
  return {
    id: `${LEGACY_ID_PREFIX}${item.key}`,
    visualisationId: `${LEGACY_ID_PREFIX}results`,
    studyId: load.study.id,
    analysisResourceId: null,
    name: item.name,
    color: item.color,
    opacity: item.opacity,
    maxOpacity: 1,
    isVisible: item.isVisible,
    isDoubleSided: false,
    isEditable: false,
    renderOrder: 0,
    hasDepthTestEnabled: true,
    hasFlatShadingEnabled: false,
    isAffectedByLighting: true,
    objectOrder: LEGACY_ORDER_BASE + index,
    readUrl: item.readUrl,
    filename: item.filename,
    landmarks: [],
    isPreliminary: false,
  };
}

/**
 * Every visualisation's objects in drawing order, then the legacy results the server resolved to a file
 * of the study (those not available are only listed, in Details), with the user's edits over them.
 */
export function sceneObjects(load: ViewerLoad, patches: Readonly<Record<string, ObjectPatch>>): SceneObject[] {
  const legacy = (load.legacyResults?.items ?? [])
    .filter((item) => item.unavailable === null && item.readUrl !== null)
    .map((item, index) => legacySceneObject(load, item, index));
  return [...load.config.visualisations.flatMap((visualisation) => visualisation.objects), ...legacy]
    .map((object) => ({ ...object, ...patches[object.id] }))
    .sort((a, b) => a.objectOrder - b.objectOrder);
}

/** A scene object as the 3D scene and its settings panel take it. */
export const toSceneObjectSpec = (object: SceneObject): SceneObjectSpec => ({
  ...object,
  url: object.readUrl,
  filename: object.filename ?? '',
});
