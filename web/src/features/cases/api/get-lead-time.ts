import { routes } from '@cardiomap/contract';
import { leadTimeBusinessDays } from '@cardiomap/domain';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/index.ts';
import { catalogueKeys } from './case-keys.ts';

/** GET biz-datetime-in/?offset=N: the earliest guaranteed delivery, N business days from now (spec §7). */
export const getLeadTime = (offset: number, signal?: AbortSignal): Promise<Date> =>
  call(routes.bizDatetimeIn, { query: { offset }, signal }).then((answer) => new Date(answer.date));

/** The earliest guaranteed delivery for an intervention: offset 1 for LAAO, 2 otherwise (spec §9). */
export function useLeadTime(interventionPrefix: string | undefined) {
  const offset = interventionPrefix ? leadTimeBusinessDays(interventionPrefix) : 0;
  return useQuery({
    queryKey: catalogueKeys.leadTime(offset),
    queryFn: ({ signal }) => getLeadTime(offset, signal),
    enabled: interventionPrefix !== undefined,
  });
}
