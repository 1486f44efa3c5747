import { routes } from '@cardiomap/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/index.ts';
import { catalogueKeys } from './case-keys.ts';

export interface Reason {
  id: string;
  name: string;
}

// The catalogue routes answer up to 100 per page by default: one page holds any of these lists.
export const getRejectionReasons = async (signal?: AbortSignal): Promise<Reason[]> =>
  (await call(routes.rejectionReasons, { signal })).results;

export const getDegradationReasons = async (signal?: AbortSignal): Promise<Reason[]> =>
  (await call(routes.degradationReasons, { signal })).results;

/** GET rejection-reasons/ (spec §7): a short catalogue, kept for the session. */
export const useRejectionReasons = () =>
  useQuery({
    queryKey: catalogueKeys.rejectionReasons,
    queryFn: ({ signal }) => getRejectionReasons(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** GET degradation-reasons/ (spec §7). */
export const useDegradationReasons = () =>
  useQuery({
    queryKey: catalogueKeys.degradationReasons,
    queryFn: ({ signal }) => getDegradationReasons(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
