import type { LicensedDevice, TrialLicense } from '@cardiomap/contract';
import { Box, Button, Card, CardActions, CardContent, Stack, Typography } from '@mui/material';
import { ServiceChips } from './LicenceCards.tsx';

/** Spec §2 "Licenses": trial licences with used/limit and the devices each one covers. */
export function TrialLicencesSection({
  trials,
  accesses,
  canEdit,
  onRemoveDevice,
  onEdit,
  onDelete,
}: {
  trials: TrialLicense[];
  accesses: LicensedDevice[];
  canEdit: boolean;
  onRemoveDevice: (licensedDeviceId: string) => void;
  onEdit: (trial: TrialLicense) => void;
  onDelete: (trialId: string) => void;
}) {
  return (
    <section aria-labelledby="trials-heading">
      <Typography id="trials-heading" variant="h5" component="h2" gutterBottom>
        Trial licenses
      </Typography>
      {trials.length === 0 ? (
        <Typography color="text.secondary">No trial license.</Typography>
      ) : (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
          {trials.map((trial, index) => {
            const devices = accesses.filter((a) => a.trialId === trial.id);
            return (
              <Card key={trial.id} variant="outlined" sx={{ width: 320 }} data-testid="trial-card">
                <CardContent>
                  <Typography variant="h6" component="h3">
                    Trial license {index + 1}
                  </Typography>
                  <Typography data-testid="trial-usage">
                    {trial.numberOfCases}/{trial.limit} cases used
                  </Typography>
                  {devices.length === 0 && (
                    <Typography variant="body2" color="text.secondary">
                      No device yet.
                    </Typography>
                  )}
                  {devices.map((d) => (
                    <Box key={d.id} sx={{ mt: 1 }}>
                      <Typography variant="body2">
                        {d.interventionPrefix} · {d.deviceName}
                      </Typography>
                      <ServiceChips services={d.services} />
                      {canEdit && (
                        <Button size="small" onClick={() => onRemoveDevice(d.id)}>
                          Remove {d.deviceName}
                        </Button>
                      )}
                    </Box>
                  ))}
                </CardContent>
                {canEdit && (
                  <CardActions>
                    <Button size="small" onClick={() => onEdit(trial)}>
                      Edit limit
                    </Button>
                    <Button size="small" color="error" onClick={() => onDelete(trial.id)}>
                      Delete
                    </Button>
                  </CardActions>
                )}
              </Card>
            );
          })}
        </Stack>
      )}
    </section>
  );
}
