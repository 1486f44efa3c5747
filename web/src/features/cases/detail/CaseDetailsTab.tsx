import { CaseStatus } from '@cardiomap/contract';
import { Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { CaseImagesSection } from '../../upload/index.ts';
import { caseQueryOptions } from '../api/get-case.ts';
import { CaseOrdersCard } from './CaseOrdersCard.tsx';
import { CaseOverviewCard } from './CaseOverviewCard.tsx';
import { CaseStateNotice } from './CaseStateNotice.tsx';
import { useDetailCase } from './case-outlet.ts';
import { DeliveryStatusWarning } from './DeliveryStatusWarning.tsx';
import { PatientInformationCard } from './PatientInformationCard.tsx';

/** While the uploaded images are processed the case is polled, so it turns IN_PROGRESS on screen. */
export const SUBMITTED_POLL_MS = 5000;

/**
 * Spec §2 `case-detail-details`: the case's images (upload box for CREATED cases, 'Images uploaded!'
 * after), its state, patient, overview and orders.
 */
export function CaseDetailsTab() {
  const kase = useDetailCase();
  useQuery({
    ...caseQueryOptions(kase.id),
    refetchInterval: kase.status === CaseStatus.SUBMITTED ? SUBMITTED_POLL_MS : false,
  });
  return (
    <Stack spacing={2}>
      <CaseStateNotice kase={kase} />
      <CaseImagesSection kase={kase} />
      <DeliveryStatusWarning kase={kase} />
      <PatientInformationCard kase={kase} />
      <CaseOverviewCard kase={kase} />
      <CaseOrdersCard kase={kase} />
    </Stack>
  );
}
