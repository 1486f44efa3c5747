import { routes } from '@cardiomap/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/index.ts';

/** Query keys of trainings and training records; `records` reaches every user's records. */
export const trainingKeys = {
  trainings: ['trainings'] as const,
  /** The completion is a training record too (spec §3), shown on the admin's user screen. */
  records: ['training-records'] as const,
  recordsFor: (userId: string) => [...trainingKeys.records, userId] as const,
};

/** All trainings of the user's region with whether the user followed each (spec §3). */
export const useTrainings = () =>
  useQuery({
    queryKey: trainingKeys.trainings,
    queryFn: ({ signal }) => call(routes.trainings, { signal }).then((page) => page.results),
  });

/** POST trainings/{id}/: records that the user followed the training. */
export const completeTraining = (trainingId: string) => call(routes.completeTraining, { params: { trainingId } });

/** GET training-records/?user_id: at most 100 records, far more than the trainings there are. */
export const useTrainingRecords = (userId: string) =>
  useQuery({
    queryKey: trainingKeys.recordsFor(userId),
    queryFn: ({ signal }) =>
      call(routes.trainingRecords, { query: { user_id: userId, page_size: 100 }, signal }).then((page) => page.results),
  });
