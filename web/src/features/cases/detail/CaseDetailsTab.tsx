import { Stack } from '@mui/material';
import { CaseOrdersCard } from './CaseOrdersCard.tsx';
import { CaseOverviewCard } from './CaseOverviewCard.tsx';
import { CaseStateNotice } from './CaseStateNotice.tsx';
import { useDetailCase } from './case-outlet.ts';
import { DeliveryStatusWarning } from './DeliveryStatusWarning.tsx';
import { PatientInformationCard } from './PatientInformationCard.tsx';

/**
 * Spec §2 `case-detail-details`. The upload box for CREATED cases (and 'Images uploaded!' after it) is
 * deliberately absent: it arrives with the imaging-intake issue, which owns input-data/ and the upload.
 */
export function CaseDetailsTab() {
  const kase = useDetailCase();
  return (
    <Stack spacing={2}>
      <CaseStateNotice kase={kase} />
      <DeliveryStatusWarning kase={kase} />
      <PatientInformationCard kase={kase} />
      <CaseOverviewCard kase={kase} />
      <CaseOrdersCard kase={kase} />
    </Stack>
  );
}
