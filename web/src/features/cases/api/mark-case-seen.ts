import { routes } from '@cardiomap/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { call } from '../../../api/index.ts';
import { useApiMutation } from '../../../hooks/use-api-mutation.ts';
import { caseKeys } from './case-keys.ts';

export const markCaseSeen = (id: string): Promise<undefined> => call(routes.markCaseSeen, { params: { id } });

/** A background bookkeeping call: if it fails the list keeps its mark a little longer, worth no toast. */
const quietly = { onError: () => undefined };

/**
 * PUT cases/{id}/seen/ once the case detail has loaded (call it where the loaded case is shown), and again
 * whenever a reload says the case changed while it was open: the user is looking at it. The lists reload
 * to drop the case's "Updated" mark.
 */
export function useMarkCaseSeen(id: string, hasUnseenChange: boolean): void {
  const queryClient = useQueryClient();
  const { mutate } = useApiMutation(
    {
      mutationFn: markCaseSeen,
      onSuccess: () => queryClient.invalidateQueries({ queryKey: caseKeys.lists() }),
    },
    quietly,
  );
  const markedFor = useRef<string | null>(null);
  useEffect(() => {
    if (markedFor.current === id && !hasUnseenChange) return;
    markedFor.current = id;
    mutate(id);
  }, [id, hasUnseenChange, mutate]);
}
