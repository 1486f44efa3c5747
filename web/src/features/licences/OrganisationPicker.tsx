import type { UserInfo } from '@cardiomap/contract';
import { Autocomplete, FormControl, InputLabel, MenuItem, Select, TextField } from '@mui/material';
import { useState } from 'react';
import { useDebouncedValue } from '../../hooks/use-debounced-value.ts';
import { useOrganisationSearch } from './api/licences-api.ts';

interface Option {
  id: string;
  name: string;
}

/**
 * Spec §2 "Licenses: organisation picker". Users who see every organisation search them by name or
 * code (debounced 500 ms, spec §9); others choose among their own organisations, shown only when they have several.
 */
export function OrganisationPicker({
  user,
  value,
  onChange,
}: {
  user: UserInfo;
  value: Option;
  onChange: (organisation: Option) => void;
}) {
  const [search, setSearch] = useState('');
  const typed = useDebouncedValue(search.trim(), 500);
  const found = useOrganisationSearch(typed);
  const own: Option[] = user.organisations.map((o) => ({ id: o.id, name: o.name }));

  if (user.canViewAllOrganisations) {
    const options = typed ? (found.data ?? []) : own;
    return (
      <Autocomplete
        sx={{ minWidth: 320 }}
        size="small"
        options={typed || options.some((o) => o.id === value.id) ? options : [value, ...options]}
        value={value}
        getOptionLabel={(o) => o.name}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        filterOptions={(x) => x}
        loading={found.isFetching}
        onInputChange={(_e, text, reason) => {
          if (reason === 'input') setSearch(text);
        }}
        onChange={(_e, chosen) => {
          if (chosen) onChange(chosen);
          setSearch('');
        }}
        disableClearable
        noOptionsText={found.isFetching ? 'Searching…' : 'No organisations found'}
        renderInput={(params) => <TextField {...params} label="Organisation" />}
      />
    );
  }
  if (own.length < 2) return null;
  return (
    <FormControl size="small" sx={{ minWidth: 280 }}>
      <InputLabel id="licence-organisation-label">Organisation</InputLabel>
      <Select
        labelId="licence-organisation-label"
        label="Organisation"
        value={value.id}
        onChange={(e) => {
          const chosen = own.find((o) => o.id === e.target.value);
          if (chosen) onChange(chosen);
        }}
      >
        {own.map((o) => (
          <MenuItem key={o.id} value={o.id}>
            {o.name}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
