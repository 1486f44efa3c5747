import type { Landmark } from '@cardiomap/contract';
import { useCallback, useMemo, useRef, useState } from 'react';
import { usePatchLandmark } from '../api/patch-landmark.ts';

/**
 * The eye button of a landmark (spec §3 Landmark isVisible). For a landmark the user may change (the
 * server's canEdit, spec §6 landmark edit rule) it saves isVisible with PATCH, so it survives a reload
 * and colleagues see it too: the new state shows at once and goes back, with the error toast of the
 * patch mutation, when the server refuses. For a landmark the user may not change it is their own view
 * only, kept until the page is left, as the scene objects' settings are for users who may not save them.
 */
export function useLandmarkVisibility(
  studyId: string,
  landmarks: readonly Landmark[],
): { hiddenIds: ReadonlySet<string>; toggle(id: string): void } {
  const { mutateAsync: patch } = usePatchLandmark(studyId);
  // The user's choice over the server's isVisible: local for good, or until the server has answered.
  const [overrides, setOverrides] = useState<ReadonlyMap<string, boolean>>(new Map());
  const current = useRef({ landmarks, overrides });
  current.current = { landmarks, overrides };

  const hiddenIds = useMemo(
    () =>
      new Set(landmarks.filter((landmark) => !(overrides.get(landmark.id) ?? landmark.isVisible)).map(({ id }) => id)),
    [landmarks, overrides],
  );

  const toggle = useCallback(
    (id: string) => {
      const landmark = current.current.landmarks.find((candidate) => candidate.id === id);
      if (!landmark) return;
      const visible = !(current.current.overrides.get(id) ?? landmark.isVisible);
      setOverrides((before) => new Map(before).set(id, visible));
      if (!landmark.canEdit) return;
      // Success puts the server's answer in the cache before this settles; failure leaves the cache as it was.
      const settle = () =>
        setOverrides((before) => {
          if (before.get(id) !== visible) return before; // a later click owns the override now
          const next = new Map(before);
          next.delete(id);
          return next;
        });
      patch({ id, body: { isVisible: visible } }).then(settle, settle);
    },
    [patch],
  );
  return { hiddenIds, toggle };
}
