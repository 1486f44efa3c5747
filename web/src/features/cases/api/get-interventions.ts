import { type Intervention, routes } from '@cardiomap/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/index.ts';
import { catalogueKeys } from './case-keys.ts';

export const getInterventions = (signal?: AbortSignal): Promise<Intervention[]> =>
  call(routes.interventions, { signal }).then((page) => page.results);

/** The catalogue changes rarely: one load per session is enough. */
export const useInterventions = () =>
  useQuery({
    queryKey: catalogueKeys.interventions,
    queryFn: ({ signal }) => getInterventions(signal),
    staleTime: Infinity,
  });
