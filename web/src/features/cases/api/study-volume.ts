import { type InterpolationType, routes, type StudyResource, StudyResourceType } from '@cardiomap/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/index.ts';
import { type MutationFeedback, useApiMutation } from '../../../hooks/use-api-mutation.ts';
import { viewerKeys } from '../../viewer/index.ts';
import { staffKeys } from './staff-keys.ts';

export const INTERPOLATION_CHANGED = 'Interpolation type changed';

/** The study's volume (study resource type 2), whose attributes carry the interpolation type. */
export async function getStudyVolume(studyId: string, signal?: AbortSignal): Promise<StudyResource | null> {
  const resources = await call(routes.listStudyResources, { query: { study_id: studyId, page_size: 100 }, signal });
  return resources.results.find((r) => r.type === StudyResourceType.DICOM_VOLUME) ?? null;
}

export const useStudyVolume = (studyId: string) =>
  useQuery({ queryKey: staffKeys.volume(studyId), queryFn: ({ signal }) => getStudyVolume(studyId, signal) });

/** PATCH study-resources/{id}/attributes/; the viewer's load answer carries it too, so it reloads. */
export function useSetStudyInterpolation(
  studyId: string,
  feedback: MutationFeedback<StudyResource, { resourceId: string; type: InterpolationType }> = {},
) {
  const queryClient = useQueryClient();
  return useApiMutation(
    {
      mutationFn: ({ resourceId, type }: { resourceId: string; type: InterpolationType }) =>
        call(routes.setStudyResourceAttributes, { params: { id: resourceId }, body: { interpolationType: type } }),
      successToast: INTERPOLATION_CHANGED,
      onSuccess: (resource) => {
        queryClient.setQueryData(staffKeys.volume(studyId), resource);
        return queryClient.invalidateQueries({ queryKey: viewerKeys.study(studyId) });
      },
    },
    feedback,
  );
}
