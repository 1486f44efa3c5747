import { DEFAULT_TRIAL_LIMIT, TRIAL_LIMIT_MESSAGE, type TrialLicense } from '@cardiomap/contract';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
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
  useTrialLicenses,
  useUpdateTrialLicense,
} from './api/licences-api.ts';
import { DeviceLicenceDialog } from './DeviceLicenceDialog.tsx';
import { LicenceOrganisationChoice } from './LicenceOrganisationChoice.tsx';
import { LicensedDevicesSection } from './LicensedDevicesSection.tsx';
import { OneFieldDialog } from './NameDialog.tsx';
import { SubscriptionsSection } from './SubscriptionsSection.tsx';
import { TrialLicencesSection } from './TrialLicencesSection.tsx';

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

  const [dialog, setDialog] = useState<'device' | 'trial' | null>(null);
  const [editing, setEditing] = useState<TrialLicense | null>(null);

  const canEdit = user.canEditLicense;
  const canSubscribe = user.canSubscibeToTemplate;
  const failed = accesses.isError || trials.isError || groups.isError;
  const loading = accesses.isPending || trials.isPending || groups.isPending;
  const templateName = (id: string | null) => groups.data?.find((g) => g.id === id)?.name;
  const permanent = (accesses.data ?? []).filter((a) => a.trialId === null);

  return (
    <Box sx={{ p: 3, maxWidth: 1200, mx: 'auto' }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 3 }}>
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          Licenses
        </Typography>
        <LicenceOrganisationChoice
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
          <LicensedDevicesSection
            permanent={permanent}
            templateName={templateName}
            canEdit={canEdit}
            onRemove={(id) => removeDevice.mutate(id)}
          />
          <TrialLicencesSection
            trials={trials.data ?? []}
            accesses={accesses.data ?? []}
            canEdit={canEdit}
            onRemoveDevice={(id) => removeDevice.mutate(id)}
            onEdit={setEditing}
            onDelete={(id) => deleteTrial.mutate(id)}
          />
          <SubscriptionsSection organisationId={orgId} groups={groups.data ?? []} canSubscribe={canSubscribe} />
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
