import { ORGANISATION_SEARCH_MIN_LENGTH, type OrganisationChoice } from '@cardiomap/contract';
import { Autocomplete, FormControlLabel, Radio, RadioGroup, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useDebouncedValue } from '../../hooks/use-debounced-value.ts';
import { useOrganisationSearch } from './api/search-organisations.ts';

export type OrganisationRequest =
  | { kind: 'existing'; organisation: OrganisationChoice | null }
  | { kind: 'new'; name: string };

interface Props {
  value: OrganisationRequest;
  onChange(value: OrganisationRequest): void;
  error?: string;
}

/** Spec §9: searches are debounced 500 ms. */
const SEARCH_DEBOUNCE_MS = 500;

/** Spec §5 "organisation required": one that already uses CardioMap (searched), or a new one by name. */
export function OrganisationField({ value, onChange, error }: Props) {
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS);
  const organisations = useOrganisationSearch(search);
  const tooShort = search.length < ORGANISATION_SEARCH_MIN_LENGTH;
  return (
    <Stack spacing={1}>
      <RadioGroup
        aria-label="Organisation request"
        value={value.kind}
        onChange={(_, kind) =>
          onChange(kind === 'new' ? { kind: 'new', name: '' } : { kind: 'existing', organisation: null })
        }
      >
        <FormControlLabel value="existing" control={<Radio />} label="My organisation already uses CardioMap" />
        <FormControlLabel value="new" control={<Radio />} label="My organisation is new to CardioMap" />
      </RadioGroup>
      {value.kind === 'existing' ? (
        <Autocomplete
          id="registration-organisation"
          options={tooShort ? [] : (organisations.data ?? [])}
          value={value.organisation}
          loading={organisations.isFetching}
          filterOptions={(all) => all}
          isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
          getOptionLabel={(organisation) => organisation.name}
          noOptionsText={
            tooShort
              ? `Type at least ${ORGANISATION_SEARCH_MIN_LENGTH} characters`
              : organisations.isError
                ? 'There was a problem!'
                : 'No organisations found'
          }
          onInputChange={(_, text, reason) => reason === 'input' && setTyped(text)}
          onChange={(_, organisation) => onChange({ kind: 'existing', organisation })}
          renderInput={(params) => (
            <TextField
              {...params}
              label="Organisation"
              required
              placeholder="Start typing the organisation's name"
              error={!!error}
              helperText={error}
            />
          )}
        />
      ) : (
        <TextField
          label="Organisation name"
          required
          value={value.name}
          onChange={(event) => onChange({ kind: 'new', name: event.target.value })}
          error={!!error}
          helperText={error ?? 'An administrator will create it and link your account to it.'}
          slotProps={{ htmlInput: { maxLength: 255 } }}
        />
      )}
    </Stack>
  );
}
