import {
  type Case,
  SERVICE_LABELS,
  SERVICE_STATUS_LABELS,
  type Service,
  type ServiceStatus,
} from '@cardiomap/contract';
import { Chip, Stack } from '@mui/material';
import { hasNonClinicalOrder, NOT_FOR_MEDICAL_USE } from './case-format.ts';

const STATUS_COLOURS: Record<ServiceStatus, 'default' | 'info' | 'success' | 'warning'> = {
  0: 'warning',
  1: 'info',
  2: 'default',
  3: 'success',
  4: 'default',
  5: 'default',
};

/** Each ordered service with its status label (spec §4 "Service status"), plus the non-clinical marker. */
export function CaseServices({ item }: { item: Pick<Case, 'services' | 'orders'> }) {
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {item.services.map(({ service, status }) => (
        <Chip
          key={service}
          size="small"
          variant="outlined"
          color={STATUS_COLOURS[status as ServiceStatus] ?? 'default'}
          // Long labels wrap inside the chip instead of widening the table's column past its frame.
          sx={{ height: 'auto', minHeight: 24, '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
          label={`${SERVICE_LABELS[service as Service] ?? 'Service'}: ${SERVICE_STATUS_LABELS[status as ServiceStatus] ?? 'unknown'}`}
        />
      ))}
      {hasNonClinicalOrder(item) && <Chip size="small" color="warning" label={NOT_FOR_MEDICAL_USE} />}
    </Stack>
  );
}
