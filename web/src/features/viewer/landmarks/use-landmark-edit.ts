import { useRef, useState, useSyncExternalStore } from 'react';
import { useCreateLandmark } from '../api/create-landmark.ts';
import { usePatchLandmark } from '../api/patch-landmark.ts';
import { type LandmarkEditApi, LandmarkEditController, type LandmarkEditState } from './landmark-edit-controller.ts';

/**
 * One controller per viewer page. Its saves go through the page's mutations (cache update, error
 * toast), read through a ref so the controller never holds a stale hook result.
 */
export function useLandmarkEdit(
  studyId: string,
  canEdit: boolean,
): { controller: LandmarkEditController; state: LandmarkEditState } {
  const create = useCreateLandmark(studyId);
  const patch = usePatchLandmark(studyId);
  const mutations = useRef({ create, patch });
  mutations.current = { create, patch };
  const [controller] = useState(() => {
    const api: LandmarkEditApi = {
      create: (body) => mutations.current.create.mutateAsync(body),
      patch: (id, body) => mutations.current.patch.mutateAsync({ id, body }),
    };
    return new LandmarkEditController(api, { canEdit });
  });
  const state = useSyncExternalStore(controller.subscribe, controller.getSnapshot);
  return { controller, state };
}
