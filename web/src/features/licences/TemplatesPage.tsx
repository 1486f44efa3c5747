import type { DeviceAccessGroup } from '@cardiomap/contract';
import { Box, Button, Card, CardActions, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { LoadFailedNotice } from '../../components/LoadFailedNotice.tsx';
import { usePageTitle } from '../../lib/page-title.ts';
import {
  useAddTemplateDevice,
  useDeleteTemplate,
  useDeviceAccessGroups,
  useRemoveTemplateDevice,
  useSaveTemplate,
} from './api/licences-api.ts';
import { DeviceLicenceDialog } from './DeviceLicenceDialog.tsx';
import { ServiceChips } from './LicenceCards.tsx';
import { OneFieldDialog } from './NameDialog.tsx';

export const BLANK_NAME = 'This field may not be blank.';

/** Spec §2 "License templates: list, Add Template" (route guarded by the add-template permission). */
export function TemplatesPage() {
  usePageTitle('License templates');
  const groups = useDeviceAccessGroups();
  const save = useSaveTemplate();
  const remove = useDeleteTemplate();
  const [naming, setNaming] = useState<{ id?: string; name: string } | null>(null);
  const [addingTo, setAddingTo] = useState<DeviceAccessGroup | null>(null);

  return (
    <Box sx={{ p: 3, maxWidth: 1200, mx: 'auto' }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 3 }}>
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          License templates
        </Typography>
        <Button variant="contained" onClick={() => setNaming({ name: '' })}>
          Add Template
        </Button>
      </Stack>
      {groups.isPending && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 6 }}>
          <CircularProgress aria-label="Loading templates" />
        </Box>
      )}
      {groups.isError && (
        <LoadFailedNotice message="The license templates could not be loaded." onRetry={() => void groups.refetch()} />
      )}
      {groups.data?.length === 0 && <Typography color="text.secondary">No license template yet.</Typography>}
      <Stack spacing={2}>
        {(groups.data ?? []).map((group) => (
          <TemplateCard
            key={group.id}
            group={group}
            onRename={() => setNaming({ id: group.id, name: group.name })}
            onAddDevice={() => setAddingTo(group)}
            onDelete={() => remove.mutate(group.id)}
          />
        ))}
      </Stack>
      <OneFieldDialog
        open={naming !== null}
        title={naming?.id ? 'Edit Template' : 'Add Template'}
        label="Name"
        field="name"
        initial={naming?.name ?? ''}
        validate={(value) => (value.trim() ? null : BLANK_NAME)}
        submitLabel="Save"
        onClose={() => setNaming(null)}
        onSubmit={(name) => save.mutateAsync({ id: naming?.id, name })}
      />
      {addingTo && <AddTemplateDevice group={addingTo} onClose={() => setAddingTo(null)} />}
    </Box>
  );
}

function AddTemplateDevice({ group, onClose }: { group: DeviceAccessGroup; onClose: () => void }) {
  const add = useAddTemplateDevice(group.id);
  return (
    <DeviceLicenceDialog
      open
      title={`Add Device to ${group.name}`}
      onClose={onClose}
      onSubmit={(input) => add.mutateAsync(input)}
    />
  );
}

function TemplateCard({
  group,
  onRename,
  onAddDevice,
  onDelete,
}: {
  group: DeviceAccessGroup;
  onRename: () => void;
  onAddDevice: () => void;
  onDelete: () => void;
}) {
  const removeDevice = useRemoveTemplateDevice();
  return (
    <Card variant="outlined" data-testid="template-card">
      <CardContent>
        <Typography variant="h6" component="h2">
          {group.name}
        </Typography>
        {group.devices.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            No device in this template.
          </Typography>
        )}
        {group.devices.map((d) => (
          <Stack key={d.id} direction="row" spacing={2} sx={{ alignItems: 'center', mt: 1, flexWrap: 'wrap' }}>
            <Typography sx={{ minWidth: 240 }}>
              {d.interventionPrefix} · {d.deviceName}
            </Typography>
            <ServiceChips services={d.services} />
            <Button size="small" onClick={() => removeDevice.mutate(d.id)}>
              Remove {d.deviceName}
            </Button>
          </Stack>
        ))}
      </CardContent>
      <CardActions>
        <Button size="small" onClick={onAddDevice}>
          Add Device
        </Button>
        <Button size="small" onClick={onRename}>
          Edit
        </Button>
        <Button size="small" color="error" onClick={onDelete}>
          Delete
        </Button>
      </CardActions>
    </Card>
  );
}
