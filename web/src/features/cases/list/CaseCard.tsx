import type { Case } from '@cardiomap/contract';
import { Card, CardContent, CardHeader, Stack, Typography } from '@mui/material';
import { CaseActionsMenu } from './CaseActionsMenu.tsx';
import { CaseIdentifierLink } from './CaseIdentifierLink.tsx';
import { CaseServices } from './CaseServices.tsx';
import type { CaseActionKind } from './case-actions.ts';
import { caseStatusLabel, formatDateTime, patientIdentifierText } from './case-format.ts';

/** Spec §9: cards are 345 px wide. */
export const CARD_WIDTH = 345;

interface Props {
  item: Case;
  showPatientIdentifier: boolean;
  onAction: (kind: CaseActionKind, item: Case) => void;
}

function Line({ label, value }: { label: string; value: string }) {
  return (
    <Typography variant="body2">
      <Typography component="span" variant="body2" color="text.secondary">
        {label}:{' '}
      </Typography>
      {value}
    </Typography>
  );
}

/** One case in the card grid. */
export function CaseCard({ item, showPatientIdentifier, onAction }: Props) {
  return (
    <Card variant="outlined" sx={{ width: CARD_WIDTH }} component="article" aria-label={item.caseIdentifier}>
      <CardHeader
        title={<CaseIdentifierLink item={item} />}
        subheader={`${item.intervention.prefix} · ${caseStatusLabel(item.status)}`}
        action={<CaseActionsMenu item={item} onAction={(kind) => onAction(kind, item)} />}
      />
      <CardContent sx={{ pt: 0 }}>
        <Stack spacing={0.5}>
          {showPatientIdentifier && <Line label="Patient" value={patientIdentifierText(item)} />}
          <Line label="Devices" value={item.devices.map((d) => d.name).join(', ') || '—'} />
          <Line label="Expected delivery" value={formatDateTime(item.expectedDeliveryDatetime)} />
          <Line label="Created" value={formatDateTime(item.dateCreated)} />
          <CaseServices item={item} />
        </Stack>
      </CardContent>
    </Card>
  );
}
