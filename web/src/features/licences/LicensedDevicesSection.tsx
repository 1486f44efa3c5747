import type { LicensedDevice } from '@cardiomap/contract';
import { Stack, Typography } from '@mui/material';
import { LicenceCard } from './LicenceCards.tsx';

/** Spec §2 "Licenses": a card per permanently licensed device; one from a template is removed with it. */
export function LicensedDevicesSection({
  permanent,
  templateName,
  canEdit,
  onRemove,
}: {
  permanent: LicensedDevice[];
  templateName: (deviceAccessGroupId: string) => string | undefined;
  canEdit: boolean;
  onRemove: (licensedDeviceId: string) => void;
}) {
  return (
    <section aria-labelledby="licences-heading">
      <Typography id="licences-heading" variant="h5" component="h2" gutterBottom>
        Licensed devices
      </Typography>
      {permanent.length === 0 ? (
        <Typography color="text.secondary">This organisation holds no device license.</Typography>
      ) : (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
          {permanent.map((a) => (
            <LicenceCard
              key={a.id}
              licence={a}
              templateName={a.deviceAccessGroupId ? templateName(a.deviceAccessGroupId) : undefined}
              onRemove={canEdit && !a.deviceAccessGroupId ? () => onRemove(a.id) : undefined}
            />
          ))}
        </Stack>
      )}
    </section>
  );
}
