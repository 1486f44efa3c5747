import { routes, type Study } from '@cardiomap/contract';
import { useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/index.ts';
import { type MutationFeedback, useApiMutation } from '../../../hooks/use-api-mutation.ts';
import { refreshAfterStaffAction } from './refresh-after-staff-action.ts';

export const LEGACY_CONFIG_STORED = 'Legacy simulation results stored';

/**
 * PATCH studies/{id}/legacy-config/ (spec §7): the form data configFile and caseIdentifier, then reload:
 * the case, its study and the viewer's load read again.
 */
export function useUploadLegacyConfig(
  kase: { id: string; caseIdentifier: string },
  studyId: string,
  feedback: MutationFeedback<Study, File> = {},
) {
  const queryClient = useQueryClient();
  return useApiMutation(
    {
      mutationFn: (file: File) => {
        const form = new FormData();
        form.append('configFile', file, file.name);
        form.append('caseIdentifier', kase.caseIdentifier);
        return call(routes.uploadLegacyConfig, { params: { id: studyId }, body: form });
      },
      successToast: LEGACY_CONFIG_STORED,
      onSuccess: () => refreshAfterStaffAction(queryClient, kase.id, studyId),
    },
    feedback,
  );
}
