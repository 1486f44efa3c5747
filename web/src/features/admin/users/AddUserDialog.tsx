import type { OrganisationChoice } from '@cardiomap/contract';
import { PASSWORD_MIN_LENGTH } from '@cardiomap/domain';
import {
  Alert,
  Autocomplete,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { ApiError } from '../../../api/index.ts';
import { OrganisationPicker } from '../../../components/OrganisationPicker.tsx';
import { useDiscardGuard } from '../../../components/use-discard-guard.tsx';
import { useGroups } from './api/get-choices.ts';
import { useCreateUser } from './api/user-mutations.ts';

const EMPTY = {
  email: '',
  givenName: '',
  middleName: '',
  familyName: '',
  phoneNumber: '',
  password: '',
  password2: '',
};
const LABELS: Record<keyof typeof EMPTY, string> = {
  email: 'E-mail',
  givenName: 'First name',
  middleName: 'Middle name',
  familyName: 'Last name',
  phoneNumber: 'Phone',
  password: 'Password',
  password2: 'Re-type password',
};
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Spec §5 "New user": names, e-mail, phone (150), middle name (30), password (15), organisation. */
function clientErrors(v: typeof EMPTY, organisation: OrganisationChoice | null): Record<string, string> {
  const e: Record<string, string> = {};
  for (const key of ['givenName', 'familyName', 'email', 'password'] as const) {
    if (!v[key].trim()) e[key] = 'This field is required.';
  }
  if (v.email && !EMAIL.test(v.email)) e.email = 'E-mail must be valid';
  if (v.password && v.password.length < PASSWORD_MIN_LENGTH)
    e.password = `Must contain at least ${PASSWORD_MIN_LENGTH} characters`;
  if (v.password2 !== v.password) e.password2 = 'Passwords must match';
  if (v.middleName.length > 30) e.middleName = 'Ensure this field has no more than 30 characters.';
  if (v.phoneNumber.length > 150) e.phoneNumber = 'Ensure this field has no more than 150 characters.';
  if (!organisation) e.organisations = 'This field is required.';
  return e;
}

export function AddUserDialog(props: { open: boolean; onClose(): void; onCreated(id: string): void }) {
  const [values, setValues] = useState(EMPTY);
  const [organisation, setOrganisation] = useState<OrganisationChoice | null>(null);
  const [groupIds, setGroupIds] = useState<number[]>([]);
  const groups = useGroups();
  const [touched, setTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string[]>>({});
  const create = useCreateUser({
    onError: (error) =>
      setServerErrors(
        error instanceof ApiError && error.status === 400
          ? (error.fieldErrors as Record<string, string[]>)
          : { nonFieldErrors: ['There was a problem!'] },
      ),
  });
  const errors = clientErrors(values, organisation);
  const shown = (key: string) => serverErrors[key]?.[0] ?? (touched ? errors[key] : undefined);
  const close = () => {
    setValues(EMPTY);
    setOrganisation(null);
    setGroupIds([]);
    setTouched(false);
    setServerErrors({});
    props.onClose();
  };
  const dirty = Object.values(values).some((value) => value !== '') || organisation !== null || groupIds.length > 0;
  const guard = useDiscardGuard(dirty, close);
  const submit = () => {
    setTouched(true);
    setServerErrors({});
    if (Object.keys(errors).length > 0 || !organisation) return;
    create.mutate(
      {
        ...values,
        groups: groupIds,
        organisations: [{ organisationId: organisation.id, isPrimary: true, contact: false }],
      },
      {
        onSuccess: (user) => {
          close();
          props.onCreated(user.id);
        },
      },
    );
  };
  // deviceIds: a Field Clinical Specialist's devices are chosen in the edit form after creation.
  const banner = ['nonFieldErrors', 'distributorId', 'deviceIds'].flatMap((key) => serverErrors[key] ?? []);

  return (
    <Dialog open={props.open} onClose={guard.requestClose} maxWidth="sm" fullWidth>
      <DialogTitle>Add User</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {banner.length > 0 && <Alert severity="error">{banner.join(' ')}</Alert>}
          {(Object.keys(EMPTY) as (keyof typeof EMPTY)[]).map((key) => (
            <TextField
              key={key}
              label={LABELS[key]}
              type={key.startsWith('password') ? 'password' : 'text'}
              value={values[key]}
              onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
              error={!!shown(key)}
              helperText={shown(key)}
            />
          ))}
          <OrganisationPicker
            label="Organisation"
            value={organisation}
            onChange={setOrganisation}
            error={shown('organisations')}
          />
          <Autocomplete
            multiple
            options={groups.data ?? []}
            value={(groups.data ?? []).filter((g) => groupIds.includes(g.id))}
            getOptionLabel={(g) => g.name}
            onChange={(_, value) => setGroupIds(value.map((g) => g.id))}
            renderInput={(params) => (
              <TextField {...params} label="Roles" error={!!shown('groups')} helperText={shown('groups')} />
            )}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={guard.requestClose}>Cancel</Button>
        <Button variant="contained" onClick={submit} disabled={create.isPending}>
          Create
        </Button>
      </DialogActions>
      {guard.confirmation}
    </Dialog>
  );
}
