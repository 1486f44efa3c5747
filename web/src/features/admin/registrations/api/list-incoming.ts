import { DEFAULT_PAGE_SIZE, routes } from '@cardiomap/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../../api/index.ts';
import { registrationKeys } from './registration-keys.ts';

/** GET incoming-registrations/: verified users waiting for an organisation, oldest first. */
export const useIncomingRegistrations = (page: number) =>
  useQuery({
    queryKey: registrationKeys.page(page),
    queryFn: ({ signal }) =>
      call(routes.incomingRegistrations, { query: { page, page_size: DEFAULT_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });

/** The count for the Incoming requests tab's badge (spec §2); undefined until known. */
export function usePendingRegistrationsCount(): number | undefined {
  const query = useQuery({
    queryKey: registrationKeys.count,
    queryFn: ({ signal }) => call(routes.incomingRegistrations, { query: { page: 1, page_size: 1 }, signal }),
    select: (page) => page.count,
  });
  return query.data;
}
