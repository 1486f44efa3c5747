import type { OrganisationChoice } from '@cardiomap/contract';
import { Autocomplete, TextField } from '@mui/material';
import { useState } from 'react';
import { useOrganisationSearch } from '../api/index.ts';
import { useDebouncedValue } from '../hooks/use-debounced-value.ts';

interface Props {
  label: string;
  value: OrganisationChoice | null;
  onChange(value: OrganisationChoice | null): void;
  /** A field message under the input (e.g. a 400's `organisations`). */
  error?: string;
  size?: 'small' | 'medium';
  /** What the list offers before anything is typed (the licences page: the user's own organisations). */
  suggestions?: readonly OrganisationChoice[];
  /** Always one organisation chosen: no clear button, and choosing nothing keeps the current one. */
  required?: boolean;
  minWidth?: number;
}

/**
 * The organisation select of the users tab and form and of the licences page: searched by name or code
 * on organisations/ (debounced 500 ms, spec §9), "No organisations found" when nothing matches (spec §2).
 */
export function OrganisationPicker({
  label,
  value,
  onChange,
  error,
  size,
  suggestions = [],
  required = false,
  minWidth = 240,
}: Props) {
  const [search, setSearch] = useState('');
  const typed = useDebouncedValue(search.trim(), 500);
  const found = useOrganisationSearch(typed);
  const options = typed ? (found.data ?? []) : suggestions;
  // MUI shows only a value it finds among the options; before a search the chosen one may not be there.
  const shown = !value || typed || options.some((o) => o.id === value.id) ? options : [value, ...options];
  return (
    <Autocomplete
      sx={{ minWidth }}
      size={size}
      options={shown}
      value={value}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(x) => x}
      loading={found.isFetching}
      // Only typing searches: the text MUI puts back after a choice is the chosen name, not a search.
      onInputChange={(_e, text, reason) => {
        if (reason === 'input') setSearch(text);
      }}
      onChange={(_e, chosen) => {
        if (chosen || !required) onChange(chosen);
        setSearch('');
      }}
      disableClearable={required}
      noOptionsText={found.isFetching ? 'Searching…' : 'No organisations found'}
      renderInput={(params) => <TextField {...params} label={label} error={!!error} helperText={error} />}
    />
  );
}
