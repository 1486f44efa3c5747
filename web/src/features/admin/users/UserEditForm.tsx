import { type AdminUser, TITLES } from '@cardiomap/contract';
import { FIELD_CLINICAL_SPECIALIST } from '@cardiomap/domain';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  FormControlLabel,
  IconButton,
  MenuItem,
  Radio,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { ApiError } from '../../../api/index.ts';
import { OrganisationPicker } from '../../../components/OrganisationPicker.tsx';
import { TrainingRecordsPanel } from '../../training/index.ts';
import { useAdminUser } from './api/get-admin-user.ts';
import { useDeviceChoices, useGroups } from './api/get-choices.ts';
import { useUpdateUser } from './api/user-mutations.ts';
import { UserStatusActions } from './UserStatusActions.tsx';
import { canSave, changesOf, choosePrimary, draftOf, type MembershipDraft, type UserDraft } from './user-form-state.ts';

const LABELS = { givenName: 'First name', middleName: 'Middle name', familyName: 'Last name', phoneNumber: 'Phone' };

/**
 * The edit form beside the users table (spec §2, §5 "User edit form"), with the user's completed
 * trainings below it (issue 21: administrators see training records per user).
 */
export function UserEditForm({ userId }: { userId: string }) {
  const user = useAdminUser(userId);
  if (user.isPending) return <CircularProgress aria-label="Loading user" />;
  if (user.isError) return <Alert severity="error">There was a problem!</Alert>;
  return (
    <Stack spacing={3}>
      {/* A new answer (after a save or an action) starts the form afresh from the server's state. */}
      <LoadedForm key={user.dataUpdatedAt} user={user.data} />
      <TrainingRecordsPanel userId={user.data.id} />
    </Stack>
  );
}

function LoadedForm({ user }: { user: AdminUser }) {
  const [initial] = useState(() => draftOf(user));
  const [draft, setDraft] = useState<UserDraft>(initial);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const groups = useGroups();
  const devices = useDeviceChoices();
  const update = useUpdateUser(user.id, {
    onError: (error) =>
      setErrors(
        error instanceof ApiError && error.status === 400
          ? (error.fieldErrors as Record<string, string[]>)
          : { nonFieldErrors: [error instanceof ApiError ? error.message : 'There was a problem!'] },
      ),
  });
  const fcsGroupId = groups.data?.find((g) => g.name === FIELD_CLINICAL_SPECIALIST)?.id;
  const patch = changesOf(initial, draft);
  const set = <K extends keyof UserDraft>(key: K, value: UserDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const setRows = (rows: MembershipDraft[]) => set('organisations', rows);
  const fieldError = (name: string) => errors[name]?.[0];
  // Spec §8: nonFieldErrors and distributorId are shown in a banner.
  const banner = [...(errors.nonFieldErrors ?? []), ...(errors.distributorId ?? [])];
  const needsDevice = fcsGroupId !== undefined && draft.groups.includes(fcsGroupId);

  return (
    <Box
      component="form"
      aria-label="Edit user"
      onSubmit={(event) => {
        event.preventDefault();
        setErrors({});
        update.mutate(patch);
      }}
    >
      <Stack spacing={2}>
        <Typography variant="h6">{user.email}</Typography>
        {banner.length > 0 && <Alert severity="error">{banner.join(' ')}</Alert>}
        <UserStatusActions user={user} />
        <TextField select label="Title" value={draft.title} onChange={(e) => set('title', e.target.value)}>
          {TITLES.map((t) => (
            <MenuItem key={t} value={t}>
              {t || '—'}
            </MenuItem>
          ))}
        </TextField>
        {(['givenName', 'middleName', 'familyName', 'phoneNumber'] as const).map((key) => (
          <TextField
            key={key}
            label={LABELS[key]}
            value={draft[key]}
            onChange={(e) => set(key, e.target.value)}
            error={!!fieldError(key)}
            helperText={fieldError(key)}
          />
        ))}
        <Autocomplete
          multiple
          options={groups.data ?? []}
          value={(groups.data ?? []).filter((g) => draft.groups.includes(g.id))}
          getOptionLabel={(g) => g.name}
          onChange={(_, value) =>
            set(
              'groups',
              value.map((g) => g.id),
            )
          }
          renderInput={(params) => (
            <TextField {...params} label="Roles" error={!!fieldError('groups')} helperText={fieldError('groups')} />
          )}
        />
        {needsDevice && (
          <Autocomplete
            multiple
            options={devices.data ?? []}
            value={(devices.data ?? []).filter((d) => draft.deviceIds.includes(d.id))}
            getOptionLabel={(d) => d.name}
            onChange={(_, value) =>
              set(
                'deviceIds',
                value.map((d) => d.id),
              )
            }
            renderInput={(params) => (
              <TextField
                {...params}
                label="Devices"
                error={!!fieldError('deviceIds') || draft.deviceIds.length === 0}
                helperText={
                  fieldError('deviceIds') ?? (draft.deviceIds.length === 0 ? 'Choose at least one device' : undefined)
                }
              />
            )}
          />
        )}
        <Typography variant="subtitle2">Organisations</Typography>
        {fieldError('organisations') && <Alert severity="error">{fieldError('organisations')}</Alert>}
        {draft.organisations.map((row) => (
          <Stack key={row.organisationId} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography sx={{ flex: 1 }}>{row.organisationName}</Typography>
            <FormControlLabel
              label="Primary"
              control={
                <Radio
                  checked={row.isPrimary}
                  onChange={() => setRows(choosePrimary(draft.organisations, row.organisationId))}
                />
              }
            />
            <FormControlLabel
              label="Contact"
              control={
                <Checkbox
                  checked={row.contact}
                  onChange={(e) =>
                    setRows(
                      draft.organisations.map((r) =>
                        r.organisationId === row.organisationId ? { ...r, contact: e.target.checked } : r,
                      ),
                    )
                  }
                />
              }
            />
            <IconButton
              aria-label={`Remove ${row.organisationName}`}
              // Spec §5: the last organisation row cannot be removed.
              disabled={draft.organisations.length <= 1}
              onClick={() => setRows(draft.organisations.filter((r) => r.organisationId !== row.organisationId))}
            >
              ×
            </IconButton>
          </Stack>
        ))}
        <OrganisationPicker
          size="small"
          label="Add organisation"
          value={null}
          onChange={(choice) => {
            if (!choice || draft.organisations.some((r) => r.organisationId === choice.id)) return;
            setRows([
              ...draft.organisations,
              {
                organisationId: choice.id,
                organisationName: choice.name,
                isPrimary: draft.organisations.length === 0,
                contact: false,
              },
            ]);
          }}
        />
        <Button type="submit" variant="contained" disabled={!canSave(patch, draft, fcsGroupId) || update.isPending}>
          Save
        </Button>
      </Stack>
    </Box>
  );
}
