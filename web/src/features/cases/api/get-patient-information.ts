import { type Case, type PatientInformation, routes } from '@cardiomap/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/index.ts';
import { caseKeys } from './case-keys.ts';

/**
 * The patient identifiers of a case: patient-information/ when the caller may request them under the
 * spec §6 rule (e.g. a case shared to them), else sensitive-data/ for their own organisation's case.
 * Both are recorded in the audit trail, so they are fetched only on an explicit request (`enabled`).
 */
export const getPatientInformation = (kase: Case, signal?: AbortSignal): Promise<PatientInformation> =>
  call(kase.canRequestPatientInformation ? routes.patientInformation : routes.sensitiveData, {
    params: { id: kase.id },
    signal,
  });

export const usePatientInformation = (kase: Case, enabled: boolean) =>
  useQuery({
    queryKey: caseKeys.patientInformation(kase.id),
    queryFn: ({ signal }) => getPatientInformation(kase, signal),
    enabled,
    // Identifiers are shown only while asked for: hiding them again drops the copy.
    gcTime: 0,
  });
