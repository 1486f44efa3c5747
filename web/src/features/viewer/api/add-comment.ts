import { type Config, routes } from '@cardiomap/contract';
import { replaceOne } from '@cardiomap/domain';
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
    // The answer must be the config the comment was added to, the one held (spec §5 Viewer): else throw.
    onSuccess: (config, { configId }) => {
      queryClient.setQueryData<Config | null>(viewerKeys.comments(studyId), (held) =>
        replaceOne('config', held, configId ?? config.id, config),
      );
      return queryClient.invalidateQueries({ queryKey: viewerKeys.comments(studyId) });
    },
  });
}
