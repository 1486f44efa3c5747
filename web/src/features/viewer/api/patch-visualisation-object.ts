import { type patchVisualisationObjectSchema, routes, type VisualisationObject } from '@cardiomap/contract';
import type { z } from 'zod';
import { call } from '../../../api/index.ts';
import { useApiMutation } from '../../../hooks/use-api-mutation.ts';

export type VisualisationObjectPatch = z.input<typeof patchVisualisationObjectSchema>;

/** PATCH visualisation-objects/{id}/ (viewer.change_visualisationobject). */
export const patchVisualisationObject = (id: string, body: VisualisationObjectPatch): Promise<VisualisationObject> =>
  call(routes.patchVisualisationObject, { params: { id }, body });

/**
 * The page keeps the edited look itself (it is already on screen), so nothing is invalidated: a
 * reload of the viewer answer would hand the engines new signed URLs for the same meshes.
 */
export function usePatchVisualisationObject() {
  return useApiMutation({
    mutationFn: ({ id, body }: { id: string; body: VisualisationObjectPatch }) => patchVisualisationObject(id, body),
  });
}
