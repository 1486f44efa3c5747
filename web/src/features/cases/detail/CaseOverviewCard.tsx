import { type Case, SERVICE_STATUS_LABELS, type ServiceStatus } from '@cardiomap/contract';
import { Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { formatDate, formatDateTime, serviceLabel } from './case-detail-format.ts';
import { DetailRow } from './DetailRow.tsx';

/** Intervention, devices, sizes, services with their status, dates and comments of a case (spec §3). */
export function CaseOverviewCard({ kase }: { kase: Case }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Analysis
        </Typography>
        <dl aria-label="Analysis">
          <DetailRow label="Organisation" value={kase.organisation.name} />
          <DetailRow label="Intervention" value={`${kase.intervention.name} (${kase.intervention.prefix})`} />
          <DetailRow label="Devices" value={kase.devices.map((d) => d.name).join(', ') || '—'} />
          <DetailRow label="Sizes" value={kase.deviceVariantNames.join(', ') || '—'} />
          <DetailRow
            label="Services"
            value={
              <Stack direction="row" spacing={1} component="span">
                {kase.services.map((s) => (
                  <Chip
                    key={s.service}
                    size="small"
                    label={`${serviceLabel(s.service)}: ${SERVICE_STATUS_LABELS[s.status as ServiceStatus] ?? 'unknown'}`}
                  />
                ))}
              </Stack>
            }
          />
          <DetailRow label="Study type" value={kase.isProspective ? 'Prospective' : 'Retrospective'} />
          <DetailRow label="Purpose" value={kase.isResearch ? 'Research' : 'Clinical'} />
          <DetailRow label="Imaging date" value={formatDate(kase.imagingDate)} />
          <DetailRow label="Intervention date" value={formatDateTime(kase.interventionDatetime)} />
          <DetailRow label="Expected delivery" value={formatDateTime(kase.expectedDeliveryDatetime)} />
          <DetailRow
            label="Case responsible"
            value={kase.caseResponsible?.name || kase.caseResponsible?.email || '—'}
          />
          <DetailRow label="Physician comment" value={kase.physicianComment || '—'} />
          {kase.sharedBy && <DetailRow label="Shared by" value={kase.sharedBy.email} />}
        </dl>
      </CardContent>
    </Card>
  );
}
