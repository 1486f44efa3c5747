/**
 * Query keys of the cases feature, from one factory so invalidation reaches every view of a case
 * (the list in both views, the detail page, the dialogs).
 */
export const caseKeys = {
  all: ['cases'] as const,
  lists: () => [...caseKeys.all, 'list'] as const,
  list: (filters: { search?: string; organisationId?: string; page?: number; view?: string }) =>
    [...caseKeys.lists(), filters] as const,
  details: () => [...caseKeys.all, 'detail'] as const,
  detail: (id: string) => [...caseKeys.details(), id] as const,
  patientInformation: (id: string) => [...caseKeys.detail(id), 'patient-information'] as const,
  report: (caseId: string) => [...caseKeys.detail(caseId), 'report'] as const,
  /** Every organisation's device catalogue: a licence change alters which devices an order may name. */
  devices: ['devices'] as const,
};

export const catalogueKeys = {
  interventions: ['interventions'] as const,
  devices: (organisationId: string | undefined) => [...caseKeys.devices, organisationId ?? 'primary'] as const,
  leadTime: (offset: number) => ['biz-datetime-in', offset] as const,
  rejectionReasons: ['rejection-reasons'] as const,
  degradationReasons: ['degradation-reasons'] as const,
  users: (filters: { organisationId?: string; search?: string }) => ['users', filters] as const,
};
