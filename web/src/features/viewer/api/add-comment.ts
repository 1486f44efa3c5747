import { type Config, routes } from '@cardiomap/contract';
import { useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/index.ts';
import { useApiMutation } from '../../../hooks/use-api-mutation.ts';
import { viewerKeys } from './viewer-keys.ts';

/** PATCH configs/{id}/ with `{comment}`; a study without a config gets one first (POST configs/). */
export async function addComment(studyId: string, configId: string | null, comment: string): Promise<Config> {
  const id = configId ?? (await call(routes.createConfig, { body: { studyId } })).id;
  return call(routes.patchConfig, { params: { id }, body: { comment } });
}

export function useAddComment(studyId: string) {
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: ({ configId, comment }: { configId: string | null; comment: string }) =>
      addComment(studyId, configId, comment),
    onSuccess: (config) => {
      queryClient.setQueryData(viewerKeys.comments(studyId), config);
      return queryClient.invalidateQueries({ queryKey: viewerKeys.comments(studyId) });
    },
  });
}
