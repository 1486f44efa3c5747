import type { AuditFilter } from './audit-filter.ts';

/** Query keys of the audit view. */
export const auditKeys = {
  all: ['audit'] as const,
  events: (filter: AuditFilter) => [...auditKeys.all, 'events', filter] as const,
  users: (search: string) => [...auditKeys.all, 'users', search] as const,
  organisations: (search: string) => [...auditKeys.all, 'organisations', search] as const,
};
