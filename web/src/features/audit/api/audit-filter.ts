/** The audit view's filters: the parameters of GET audit-events/ and part of its query key. */
export interface AuditFilter {
  page: number;
  actorId: string;
  organisationId: string;
  caseId: string;
  action: string;
  /** ISO instants, empty when not bounded. */
  since: string;
  until: string;
}
