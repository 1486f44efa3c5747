import { type InterpolationType, routes, type StudyResource, type ViewerLoad } from '@cardiomap/contract';
import { useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/index.ts';
import { useApiMutation } from '../../../hooks/use-api-mutation.ts';
import { viewerKeys } from './viewer-keys.ts';

/** PATCH study-resources/{id}/attributes/: the volume's interpolation type (spec §6 rule). */
export const setInterpolation = (
  studyResourceId: string,
  interpolationType: InterpolationType,
): Promise<StudyResource> =>
  call(routes.setStudyResourceAttributes, { params: { id: studyResourceId }, body: { interpolationType } });

/** The answer is written into the cached load answer, not refetched: the volume's URL stays the same. */
export function useSetInterpolation(studyId: string) {
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: ({ studyResourceId, type }: { studyResourceId: string; type: InterpolationType }) =>
      setInterpolation(studyResourceId, type),
    onSuccess: (resource) =>
      queryClient.setQueryData<ViewerLoad>(viewerKeys.load(studyId), (load) =>
        load?.dicom
          ? {
              ...load,
              dicom: {
                ...load.dicom,
                attributes: {
                  ...load.dicom.attributes,
                  interpolationType: resource.attributes.interpolationType ?? load.dicom.attributes.interpolationType,
                },
              },
            }
          : load,
      ),
  });
}
