import type { IncomingRegistration, Organisation } from '@cardiomap/contract';
import {
  Alert,
  AlertTitle,
  Autocomplete,
  Button,
  FormControlLabel,
  MenuItem,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { applyServerErrors, topLevelFieldOf, useRegions } from '../../../api/index.ts';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { useUser } from '../../auth/index.ts';
import { useOrganisations } from '../organisations/api/list-organisations.ts';
import { REQUEST_PROBLEM } from '../request-problem.ts';
import { useApproveRegistration, useDeclineRegistration } from './api/decide-registration.ts';
import { useRoles } from './api/list-roles.ts';
import { NewOrganisationFields, type NewOrganisationValues } from './NewOrganisationFields.tsx';
import { suggestedOrganisation } from './suggested-organisation.ts';

interface RegistrationDecisionProps {
  registration: IncomingRegistration;
  onDone: () => void;
}

const withChosen = (options: Organisation[], chosen: Organisation | null) =>
  chosen && !options.some((o) => o.id === chosen.id) ? [chosen, ...options] : options;

const fullName = (r: IncomingRegistration) =>
  [r.title, r.givenName, r.middleName, r.familyName].filter(Boolean).join(' ');

/**
 * Approve a registration into an existing or a new organisation with roles, or decline it with a
 * reason (issue 20 §1); the server e-mails the user either way.
 */
export function RegistrationDecision({ registration, onDone }: RegistrationDecisionProps) {
  const user = useUser();
  const roles = useRoles();
  const regions = useRegions();
  const [target, setTarget] = useState<'existing' | 'new'>('existing');
  const [search, setSearch] = useState('');
  // Undefined until the manager picks: the suggestion (issue 30 #10) stands in until then.
  const [picked, setPicked] = useState<Organisation | null | undefined>(undefined);
  const [newOrganisation, setNewOrganisation] = useState<NewOrganisationValues>({
    name: registration.organisationRequest.slice(0, 255),
    code: '',
    country: '',
    regionId: '',
  });
  const [groups, setGroups] = useState<number[]>([]);
  const [reason, setReason] = useState('');
  const [banner, setBanner] = useState<string[]>([]);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const choices = useOrganisations({ page: 1, code: '', name: useDebouncedValue(search.trim(), 500) });
  const requested = useOrganisations({ page: 1, code: '', name: registration.organisationRequest.trim() });
  const organisation =
    picked === undefined ? suggestedOrganisation(registration, requested.data?.results ?? []) : picked;

  const onError = (error: unknown) => {
    const fields: Record<string, string> = {};
    setBanner(
      applyServerErrors(
        error,
        topLevelFieldOf(['organisationId', 'groups', 'reason'] as const),
        (f, m) => (fields[f] = m),
      ),
    );
    setFieldErrors(fields);
  };
  const approve = useApproveRegistration({ onError });
  const decline = useDeclineRegistration({ onError });
  const busy = approve.isPending || decline.isPending;
  const grantable = (roles.data ?? []).filter((g) => g.name !== 'Superuser' || user.isSuperuser);

  const reset = () => {
    setBanner([]);
    setFieldErrors({});
  };
  const submitApproval = async () => {
    reset();
    const body =
      target === 'existing'
        ? { organisationId: organisation?.id ?? null, groups }
        : { newOrganisation: { ...newOrganisation, name: newOrganisation.name.trim() }, groups };
    const done = await approve.mutateAsync({ userId: registration.userId, body }).then(
      () => true,
      () => false,
    );
    if (done) onDone();
  };
  const submitDecline = async () => {
    reset();
    const done = await decline.mutateAsync({ userId: registration.userId, reason }).then(
      () => true,
      () => false,
    );
    if (done) onDone();
  };
  const canApprove =
    !busy &&
    groups.length > 0 &&
    (target === 'existing'
      ? organisation !== null
      : newOrganisation.name.trim() !== '' && newOrganisation.country !== '' && newOrganisation.regionId !== '');

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Registration decision">
      <Stack spacing={2}>
        <Typography variant="h6">{fullName(registration)}</Typography>
        <Typography variant="body2">
          {registration.email} · {registration.phoneNumber}
        </Typography>
        <Typography variant="body2">Organisation request: {registration.organisationRequest || '—'}</Typography>
        {banner.length > 0 && (
          <Alert severity="error">
            <AlertTitle>{REQUEST_PROBLEM}</AlertTitle>
            {banner.map((m) => (
              <div key={m}>{m}</div>
            ))}
          </Alert>
        )}
        <RadioGroup
          row
          value={target}
          onChange={(e) => setTarget(e.target.value as 'existing' | 'new')}
          aria-label="Approve into"
        >
          <FormControlLabel value="existing" control={<Radio />} label="Existing organisation" />
          <FormControlLabel value="new" control={<Radio />} label="New organisation" />
        </RadioGroup>
        {target === 'existing' ? (
          <Autocomplete
            // The suggestion may not be among the searched page: offered all the same, so it shows as chosen.
            options={withChosen(choices.data?.results ?? [], organisation)}
            getOptionLabel={(o) => `${o.name} (${o.code})`}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            filterOptions={(x) => x}
            value={organisation}
            onChange={(_, o) => setPicked(o)}
            onInputChange={(_, text) => setSearch(text)}
            loading={choices.isFetching}
            noOptionsText="No organisations found"
            renderInput={(params) => (
              <TextField
                {...params}
                label="Organisation"
                required
                error={!!fieldErrors.organisationId}
                helperText={fieldErrors.organisationId}
              />
            )}
          />
        ) : (
          <NewOrganisationFields value={newOrganisation} onChange={setNewOrganisation} regions={regions.data ?? []} />
        )}
        <TextField
          select
          label="Roles"
          required
          value={groups}
          onChange={(e) => setGroups(e.target.value as unknown as number[])}
          slotProps={{ select: { multiple: true } }}
          error={!!fieldErrors.groups}
          helperText={fieldErrors.groups}
        >
          {grantable.map((g) => (
            <MenuItem key={g.id} value={g.id}>
              {g.name}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="contained" onClick={submitApproval} disabled={!canApprove}>
          Approve
        </Button>
        <TextField
          label="Reason for declining"
          multiline
          minRows={2}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={!!fieldErrors.reason}
          helperText={fieldErrors.reason ?? 'Sent to the user by e-mail'}
        />
        <Button color="error" variant="outlined" onClick={submitDecline} disabled={busy || reason.trim() === ''}>
          Decline
        </Button>
      </Stack>
    </Paper>
  );
}
