import { type CardiacPhase, routes, type Study } from '@cardiomap/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/index.ts';
import { type MutationFeedback, useApiMutation } from '../../../hooks/use-api-mutation.ts';
import { viewerKeys } from '../../viewer/index.ts';
import { staffKeys } from './staff-keys.ts';

export const DEFAULT_PHASE_CHANGED = 'Default phase changed';

/** The study's cardiac phases (issue 28), in cardiac order. */
export const useStudyPhases = (studyId: string) =>
  useQuery({
    queryKey: staffKeys.phases(studyId),
    queryFn: async ({ signal }): Promise<CardiacPhase[]> =>
      (await call(routes.getStudy, { params: { id: studyId }, signal })).phases,
  });

/** A phase as staff choose it: its label, with the percent and trigger time when the label does not say them. */
export function phaseOptionLabel(phase: CardiacPhase): string {
  const extra = [
    phase.percent !== null && !phase.label.includes('%') ? `${phase.percent} %` : null,
    phase.triggerTimeMs !== null && !phase.label.includes('ms') ? `${phase.triggerTimeMs} ms` : null,
    `${phase.sliceCount} slices`,
  ].filter(Boolean);
  return `${phase.label} (${extra.join(', ')})`;
}

/** PATCH studies/{id}/default-phase/ (audited by the server); the viewer's load answer changes, so it reloads. */
export function useSetDefaultPhase(studyId: string, feedback: MutationFeedback<Study, string> = {}) {
  const queryClient = useQueryClient();
  return useApiMutation(
    {
      mutationFn: (phaseId: string) => call(routes.setDefaultPhase, { params: { id: studyId }, body: { phaseId } }),
      successToast: DEFAULT_PHASE_CHANGED,
      onSuccess: (study) => {
        queryClient.setQueryData(staffKeys.phases(studyId), study.phases);
        return queryClient.invalidateQueries({ queryKey: viewerKeys.study(studyId) });
      },
    },
    feedback,
  );
}
