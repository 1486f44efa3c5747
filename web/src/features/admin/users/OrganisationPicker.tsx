import type { OrganisationChoice } from '@cardiomap/contract';
import { Autocomplete, TextField } from '@mui/material';
import { useState } from 'react';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { useOrganisationChoices } from './api/get-choices.ts';

/** Organisation select searched by name (debounced 500 ms, spec §9); empty text per spec §2. */
export function OrganisationPicker(props: {
  label: string;
  value: OrganisationChoice | null;
  onChange(value: OrganisationChoice | null): void;
  error?: string;
  size?: 'small' | 'medium';
}) {
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input.trim(), 500);
  const choices = useOrganisationChoices(search);
  return (
    <Autocomplete
      size={props.size}
      options={choices.data ?? []}
      value={props.value}
      onChange={(_, value) => props.onChange(value)}
      inputValue={input}
      onInputChange={(_, value) => setInput(value)}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(x) => x}
      noOptionsText="No organisations found"
      loading={choices.isFetching}
      renderInput={(params) => (
        <TextField {...params} label={props.label} error={!!props.error} helperText={props.error} />
      )}
      sx={{ minWidth: 240 }}
    />
  );
}
