/** Numeric enums of spec §3/§4, as the wire carries them. */
export const CaseStatus = {
  CREATED: 0,
  SUBMITTED: 1,
  IN_PROGRESS: 2,
  COMPLETED: 3,
  CANCELED: 4,
  INVALID_INPUT: 5,
  COULD_NOT_BE_PROCESSED: 6,
  REJECTED: 7,
} as const;
export type CaseStatus = (typeof CaseStatus)[keyof typeof CaseStatus];

export const OrderStatus = { IN_PROGRESS: 0, CANCELED: 1, DELIVERED: 2, OBSOLETED: 3 } as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];

/**
 * Spec §3 "Services": 0 anatomical analysis, 1 simulation, 2 legacy (shown as results). Spec §1 also has
 * clinicians order a redo TAVI (spec §3 Analysis type 3) without giving it a service number: it is 3
 * (architecture.md §13).
 */
export const Service = { ANATOMICAL: 0, SIMULATION: 1, LEGACY: 2, REDO_TAVI: 3 } as const;
export type Service = (typeof Service)[keyof typeof Service];

/** Spec §4 "Service status". */
export const ServiceStatus = {
  AWAITING_INPUT_DATA: 0,
  UNDER_EVALUATION: 1,
  CANCELED: 2,
  DELIVERED: 3,
  OBSOLETED: 4,
  UNKNOWN: 5,
} as const;
export type ServiceStatus = (typeof ServiceStatus)[keyof typeof ServiceStatus];

/** Spec §4 "Case status", as the case list and detail show it. */
export const CASE_STATUS_LABELS: Record<CaseStatus, string> = {
  0: 'Created',
  1: 'Submitted',
  2: 'In progress',
  3: 'Completed',
  4: 'Canceled',
  5: 'Invalid input',
  6: 'Could not be processed',
  7: 'Rejected',
};

export const SERVICE_STATUS_LABELS: Record<ServiceStatus, string> = {
  0: 'awaiting DICOM images',
  1: 'under evaluation',
  2: 'canceled',
  3: 'ready',
  4: 'obsoleted',
  5: 'unknown',
};

export const SERVICE_LABELS: Record<Service, string> = {
  0: 'Anatomical analysis',
  1: 'Simulation',
  2: 'Results',
  3: 'Redo TAVI',
};

/** What a clinician orders, named as spec §1 lists the analyses (the case list shows SERVICE_LABELS). */
export const SERVICE_ORDER_LABELS: Record<Service, string> = {
  0: 'Anatomical analysis',
  1: 'Simulation',
  2: 'Legacy simulation',
  3: 'Redo TAVI',
};

/** The services that simulate a device (one device each): simulation, legacy simulation and redo TAVI. */
export const SIMULATION_SERVICES: readonly Service[] = [Service.SIMULATION, Service.LEGACY, Service.REDO_TAVI];

export const INTERVENTION_PREFIXES = ['TAVI', 'LAAO', 'TMVR', 'TPVR', 'TTVR', 'NV'] as const;
export type InterventionPrefix = (typeof INTERVENTION_PREFIXES)[number];
