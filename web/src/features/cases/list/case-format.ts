import { CASE_STATUS_LABELS, type Case, type CaseStatus } from '@cardiomap/contract';

export { formatDateTime } from '../../../lib/dates.ts';

export const caseStatusLabel = (status: number): string => CASE_STATUS_LABELS[status as CaseStatus] ?? 'Unknown';

/** Spec §1: results of a non-clinical order are 'Not intended for medical use'. */
export const hasNonClinicalOrder = (item: Pick<Case, 'orders'>): boolean => item.orders.some((o) => !o.isClinical);

export const NOT_FOR_MEDICAL_USE = 'Not intended for medical use';

/**
 * What the patient identifier column shows: nothing at all when the user hides identifiers (the column
 * is gone), 'Hidden' for a case shared to the user, whose identifiers the server withholds (spec §6).
 */
export const patientIdentifierText = (item: Pick<Case, 'patientIdentifier' | 'isSharedToCurrentUser'>): string =>
  item.isSharedToCurrentUser || item.patientIdentifier === null ? 'Hidden' : item.patientIdentifier;

/** Spec §9: text is truncated at 80 characters. */
export const TRUNCATE_AT = 80;

export const truncateText = (text: string, max = TRUNCATE_AT): string =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;
