import { type LicensedDevice, SERVICE_ORDER_LABELS, type ServiceGrant } from '@cardiomap/contract';
import { Card, CardActions, CardContent, Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material';

/** One chip per licensed service: "Anatomical analysis · Clinical" or "· Non-clinical". */
export function ServiceChips({ services }: { services: ServiceGrant[] }) {
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', mt: 1 }}>
      {services.map((s) => (
        <Chip
          key={s.service}
          size="small"
          color={s.isClinical ? 'success' : 'warning'}
          variant={s.isClinical ? 'filled' : 'outlined'}
          label={`${SERVICE_ORDER_LABELS[s.service]} · ${s.isClinical ? 'Clinical' : 'Non-clinical'}`}
        />
      ))}
    </Stack>
  );
}

/** Spec §2 "licence cards": one card per licensed device. */
export function LicenceCard({
  licence,
  templateName,
  onRemove,
}: {
  licence: LicensedDevice;
  templateName?: string;
  onRemove?: () => void;
}) {
  return (
    <Card variant="outlined" data-testid="licence-card" sx={{ width: 320 }}>
      <CardContent>
        <Typography variant="overline">{licence.interventionPrefix}</Typography>
        <Typography variant="h6" component="h3">
          {licence.deviceName}
        </Typography>
        {templateName && (
          <Typography variant="body2" color="text.secondary">
            From template {templateName}
          </Typography>
        )}
        <ServiceChips services={licence.services} />
      </CardContent>
      {onRemove && (
        <CardActions>
          <Tooltip title="Remove device">
            <IconButton aria-label={`Remove ${licence.deviceName}`} onClick={onRemove} size="small">
              ✕
            </IconButton>
          </Tooltip>
        </CardActions>
      )}
    </Card>
  );
}
