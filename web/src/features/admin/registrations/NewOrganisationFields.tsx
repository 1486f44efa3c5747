import { COUNTRIES, type Region } from '@cardiomap/contract';
import { Autocomplete, MenuItem, Stack, TextField } from '@mui/material';

export interface NewOrganisationValues {
  name: string;
  code: string;
  country: string;
  regionId: string;
}

interface NewOrganisationFieldsProps {
  value: NewOrganisationValues;
  onChange: (value: NewOrganisationValues) => void;
  regions: readonly Region[];
}

/** The few fields a new organisation needs at approval; the rest keep their defaults (spec §3). */
export function NewOrganisationFields({ value, onChange, regions }: NewOrganisationFieldsProps) {
  const set = (change: Partial<NewOrganisationValues>) => onChange({ ...value, ...change });
  return (
    <Stack spacing={2}>
      <TextField
        label="New organisation name"
        required
        value={value.name}
        onChange={(e) => set({ name: e.target.value })}
        slotProps={{ htmlInput: { maxLength: 255 } }}
      />
      <TextField
        label="Code"
        value={value.code}
        onChange={(e) => set({ code: e.target.value.toUpperCase() })}
        slotProps={{ htmlInput: { maxLength: 3 } }}
        helperText="3 capital letters; leave empty to generate one"
      />
      <Autocomplete
        options={COUNTRIES}
        getOptionLabel={(c) => c.name}
        value={COUNTRIES.find((c) => c.code === value.country) ?? null}
        onChange={(_, c) => set({ country: c?.code ?? '' })}
        renderInput={(params) => <TextField {...params} label="Country" required />}
      />
      <TextField
        select
        label="Region"
        required
        value={value.regionId}
        onChange={(e) => set({ regionId: e.target.value })}
      >
        {regions.map((r) => (
          <MenuItem key={r.id} value={r.id}>
            {r.name}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
