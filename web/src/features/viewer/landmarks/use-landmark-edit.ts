import { useRef, useState, useSyncExternalStore } from 'react';
import { useToast } from '../../../components/Toasts.tsx';
import { useCreateLandmark } from '../api/create-landmark.ts';
import { usePatchLandmark } from '../api/patch-landmark.ts';
import { type LandmarkEditApi, LandmarkEditController, type LandmarkEditState } from './landmark-edit-controller.ts';
import { isRefusedLandmark } from './landmark-save-error.ts';

/**
 * One controller per viewer page. Its saves go through the page's mutations (cache update), read
 * through a ref so the controller never holds a stale hook result. A refused shape (400) is said in
 * the draft bar next to the drawing, which the controller fills; other failures also get the toast.
 */
export function useLandmarkEdit(
  studyId: string,
  canEdit: boolean,
): { controller: LandmarkEditController; state: LandmarkEditState } {
  const toast = useToast();
  const onError = (error: unknown) => {
    if (!isRefusedLandmark(error)) toast.error(error);
  };
  const create = useCreateLandmark(studyId, { onError });
  const patch = usePatchLandmark(studyId, { onError });
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
