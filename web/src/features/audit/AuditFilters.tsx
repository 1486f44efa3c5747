import type { Organisation, UserSummary } from '@cardiomap/contract';
import { Autocomplete, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useDebouncedValue } from '../../hooks/use-debounced-value.ts';
import { useOrganisationChoices, useUserChoices } from './api/search-choices.ts';
import { isCaseId } from './audit-filter.ts';

export interface AuditFilterValues {
  user: UserSummary | null;
  organisation: Organisation | null;
  caseId: string;
  action: string;
  fromDay: string;
  toDay: string;
}

interface AuditFiltersProps {
  value: AuditFilterValues;
  onChange: (value: AuditFilterValues) => void;
}

/** Spec §9: lookups wait 500 ms after the last key. */
const DEBOUNCE_MS = 500;

/** The audit view's filters: user, organisation, case, action and a date range (issue 20 §1). */
export function AuditFilters({ value, onChange }: AuditFiltersProps) {
  const [userSearch, setUserSearch] = useState('');
  const [organisationSearch, setOrganisationSearch] = useState('');
  const users = useUserChoices(useDebouncedValue(userSearch.trim(), DEBOUNCE_MS));
  const organisations = useOrganisationChoices(useDebouncedValue(organisationSearch.trim(), DEBOUNCE_MS));
  const set = (change: Partial<AuditFilterValues>) => onChange({ ...value, ...change });
  const caseInvalid = value.caseId.trim() !== '' && !isCaseId(value.caseId);

  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Autocomplete
        sx={{ width: 260 }}
        options={users.data ?? []}
        getOptionLabel={(u) => u.email}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        filterOptions={(x) => x}
        value={value.user}
        onChange={(_, user) => set({ user })}
        onInputChange={(_, text) => setUserSearch(text)}
        renderInput={(params) => (
          <TextField {...params} size="small" label="User" placeholder="Start typing to search a user" />
        )}
      />
      <Autocomplete
        sx={{ width: 260 }}
        options={organisations.data ?? []}
        getOptionLabel={(o) => `${o.name} (${o.code})`}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        filterOptions={(x) => x}
        noOptionsText="No organisations found"
        value={value.organisation}
        onChange={(_, organisation) => set({ organisation })}
        onInputChange={(_, text) => setOrganisationSearch(text)}
        renderInput={(params) => <TextField {...params} size="small" label="Organisation" />}
      />
      <TextField
        size="small"
        label="Case id"
        value={value.caseId}
        onChange={(e) => set({ caseId: e.target.value })}
        error={caseInvalid}
        helperText={caseInvalid ? 'Enter the case id (a UUID).' : undefined}
      />
      <TextField
        size="small"
        label="Action"
        placeholder="e.g. organisation.update"
        value={value.action}
        onChange={(e) => set({ action: e.target.value })}
      />
      <TextField
        size="small"
        type="date"
        label="From"
        value={value.fromDay}
        onChange={(e) => set({ fromDay: e.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        size="small"
        type="date"
        label="To"
        value={value.toDay}
        onChange={(e) => set({ toDay: e.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
      />
    </Stack>
  );
}
