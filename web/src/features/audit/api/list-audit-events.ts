import { DEFAULT_PAGE_SIZE, routes } from '@cardiomap/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../api/index.ts';
import type { AuditFilter } from './audit-filter.ts';
import { auditKeys } from './audit-keys.ts';

/** GET audit-events/ with the filters that are set, newest first, 15 a page. */
export const useAuditEvents = (filter: AuditFilter, enabled: boolean) =>
  useQuery({
    queryKey: auditKeys.events(filter),
    queryFn: ({ signal }) =>
      call(routes.auditEvents, {
        query: {
          page: filter.page,
          page_size: DEFAULT_PAGE_SIZE,
          actor_id: filter.actorId || undefined,
          organisation_id: filter.organisationId || undefined,
          case_id: filter.caseId || undefined,
          action: filter.action || undefined,
          since: filter.since || undefined,
          until: filter.until || undefined,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
