import { DEFAULT_TRIAL_LIMIT, TRIAL_LIMIT_MESSAGE, type TrialLicense } from '@cardiomap/contract';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  CircularProgress,
  FormControl,
  InputLabel,
  MenuItem,
  Select,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { LoadFailedNotice } from '../../components/LoadFailedNotice.tsx';
import { usePageTitle } from '../../lib/page-title.ts';
import { useUser } from '../auth/index.ts';
import {
  useAddLicensedDevice,
  useAddTrialLicense,
  useDeleteTrialLicense,
  useDeviceAccesses,
  useDeviceAccessGroups,
  useRemoveLicensedDevice,
  useSubscription,
  useTrialLicenses,
  useUpdateTrialLicense,
} from './api/licences-api.ts';
import { DeviceLicenceDialog } from './DeviceLicenceDialog.tsx';
import { LicenceCard, ServiceChips } from './LicenceCards.tsx';
import { OneFieldDialog } from './NameDialog.tsx';
import { OrganisationPicker } from './OrganisationPicker.tsx';

const validLimit = (value: string) =>
  Number.isInteger(Number(value)) && Number(value) > 0 ? null : TRIAL_LIMIT_MESSAGE;

/**
 * Spec §2 "Licenses": organisation picker (query org), licence cards per device, trial licences with
 * used/limit, template subscriptions; Add license and Add Device for users who may edit licences.
 */
export function LicensesPage() {
  usePageTitle('Licenses');
  const user = useUser();
  const [params, setParams] = useSearchParams();
  const [pickedName, setPickedName] = useState<string | null>(null);
  const orgId = params.get('org') ?? user.primaryOrganisation?.id ?? '';
  const orgName =
    pickedName ??
    user.organisations.find((o) => o.id === orgId)?.name ??
    (orgId === user.primaryOrganisation?.id ? user.primaryOrganisation.name : '');

  const accesses = useDeviceAccesses(orgId);
  const trials = useTrialLicenses(orgId);
  const groups = useDeviceAccessGroups(orgId);
  const addDevice = useAddLicensedDevice(orgId);
  const removeDevice = useRemoveLicensedDevice();
  const addTrial = useAddTrialLicense(orgId);
  const updateTrial = useUpdateTrialLicense();
  const deleteTrial = useDeleteTrialLicense();
  const subscription = useSubscription(orgId);

  const [dialog, setDialog] = useState<'device' | 'trial' | null>(null);
  const [editing, setEditing] = useState<TrialLicense | null>(null);
  const [chosenTemplate, setChosenTemplate] = useState('');

  const canEdit = user.canEditLicense;
  const canSubscribe = user.canSubscibeToTemplate;
  const failed = accesses.isError || trials.isError || groups.isError;
  const loading = accesses.isPending || trials.isPending || groups.isPending;
  const templateName = (id: string | null) => groups.data?.find((g) => g.id === id)?.name;
  const permanent = (accesses.data ?? []).filter((a) => a.trialId === null);
  const subscribed = (groups.data ?? []).filter((g) => g.isSubscribed);
  const unsubscribed = (groups.data ?? []).filter((g) => !g.isSubscribed);

  return (
    <Box sx={{ p: 3, maxWidth: 1200, mx: 'auto' }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 3 }}>
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          Licenses
        </Typography>
        <OrganisationPicker
          user={user}
          value={{ id: orgId, name: orgName }}
          onChange={(o) => {
            setPickedName(o.name);
            setParams({ org: o.id });
          }}
        />
        {canEdit && (
          <>
            <Button variant="outlined" onClick={() => setDialog('trial')}>
              Add license
            </Button>
            <Button variant="contained" onClick={() => setDialog('device')}>
              Add Device
            </Button>
          </>
        )}
      </Stack>

      {failed && (
        <LoadFailedNotice
          message="The licenses could not be loaded."
          onRetry={() => {
            void accesses.refetch();
            void trials.refetch();
            void groups.refetch();
          }}
        />
      )}
      {!failed && loading && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 6 }}>
          <CircularProgress aria-label="Loading licenses" />
        </Box>
      )}

      {!failed && !loading && (
        <Stack spacing={4}>
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
                    onRemove={canEdit && !a.deviceAccessGroupId ? () => removeDevice.mutate(a.id) : undefined}
                  />
                ))}
              </Stack>
            )}
          </section>

          <section aria-labelledby="trials-heading">
            <Typography id="trials-heading" variant="h5" component="h2" gutterBottom>
              Trial licenses
            </Typography>
            {(trials.data ?? []).length === 0 ? (
              <Typography color="text.secondary">No trial license.</Typography>
            ) : (
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
                {(trials.data ?? []).map((trial, index) => {
                  const devices = (accesses.data ?? []).filter((a) => a.trialId === trial.id);
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
                              <Button size="small" onClick={() => removeDevice.mutate(d.id)}>
                                Remove {d.deviceName}
                              </Button>
                            )}
                          </Box>
                        ))}
                      </CardContent>
                      {canEdit && (
                        <CardActions>
                          <Button size="small" onClick={() => setEditing(trial)}>
                            Edit limit
                          </Button>
                          <Button size="small" color="error" onClick={() => deleteTrial.mutate(trial.id)}>
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

          <section aria-labelledby="subscriptions-heading">
            <Typography id="subscriptions-heading" variant="h5" component="h2" gutterBottom>
              Subscriptions
            </Typography>
            {subscribed.length === 0 && (
              <Typography color="text.secondary">Not subscribed to any license template.</Typography>
            )}
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
              {subscribed.map((g) => (
                <Card key={g.id} variant="outlined" sx={{ width: 320 }} data-testid="subscription-card">
                  <CardContent>
                    <Typography variant="h6" component="h3">
                      {g.name}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {g.devices.length} device{g.devices.length === 1 ? '' : 's'}
                    </Typography>
                  </CardContent>
                  {canSubscribe && (
                    <CardActions>
                      <Button size="small" onClick={() => subscription.mutate({ id: g.id, subscribe: false })}>
                        Unsubscribe
                      </Button>
                    </CardActions>
                  )}
                </Card>
              ))}
            </Stack>
            {canSubscribe && unsubscribed.length > 0 && (
              <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center' }}>
                <FormControl size="small" sx={{ minWidth: 260 }}>
                  <InputLabel id="subscribe-template-label">License template</InputLabel>
                  <Select
                    labelId="subscribe-template-label"
                    label="License template"
                    value={chosenTemplate}
                    onChange={(e) => setChosenTemplate(e.target.value)}
                  >
                    {unsubscribed.map((g) => (
                      <MenuItem key={g.id} value={g.id}>
                        {g.name}
                      </MenuItem>
                    ))}
                  </Select>
                </FormControl>
                <Button
                  variant="outlined"
                  disabled={!chosenTemplate || subscription.isPending}
                  onClick={() =>
                    subscription.mutate(
                      { id: chosenTemplate, subscribe: true },
                      { onSuccess: () => setChosenTemplate('') },
                    )
                  }
                >
                  Subscribe
                </Button>
              </Stack>
            )}
          </section>
          {removeDevice.isError && <Alert severity="error">The device could not be removed.</Alert>}
        </Stack>
      )}

      <DeviceLicenceDialog
        open={dialog === 'device'}
        title="Add Device"
        trials={trials.data ?? []}
        onClose={() => setDialog(null)}
        onSubmit={(input) => addDevice.mutateAsync(input)}
      />
      <OneFieldDialog
        open={dialog === 'trial'}
        title="Add trial license"
        label="Case limit"
        type="number"
        field="limit"
        initial={String(DEFAULT_TRIAL_LIMIT)}
        validate={validLimit}
        submitLabel="Add"
        onClose={() => setDialog(null)}
        onSubmit={(value) => addTrial.mutateAsync(Number(value))}
      />
      <OneFieldDialog
        open={editing !== null}
        title="Edit trial license"
        label="Case limit"
        type="number"
        field="limit"
        initial={String(editing?.limit ?? DEFAULT_TRIAL_LIMIT)}
        validate={validLimit}
        submitLabel="Save"
        onClose={() => setEditing(null)}
        onSubmit={(value) => updateTrial.mutateAsync({ id: editing?.id ?? '', limit: Number(value) })}
      />
    </Box>
  );
}
