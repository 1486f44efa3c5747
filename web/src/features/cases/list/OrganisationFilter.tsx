import { FormControl, InputLabel, MenuItem, Select } from '@mui/material';

export interface OrganisationOption {
  id: string;
  name: string;
  code: string;
}

const ALL = '';

/** Shown only to users with several organisations (spec §2); empty means every organisation. */
export function OrganisationFilter({
  value,
  options,
  onChange,
}: {
  value: string | undefined;
  options: OrganisationOption[];
  onChange: (organisationId: string | undefined) => void;
}) {
  // A bookmarked org the user no longer belongs to still shows as selected instead of a blank box.
  const known = value === undefined || options.some((o) => o.id === value);
  return (
    <FormControl size="small" sx={{ minWidth: 240 }}>
      <InputLabel id="case-organisation-filter" shrink>
        Organisation
      </InputLabel>
      <Select
        labelId="case-organisation-filter"
        label="Organisation"
        notched
        displayEmpty
        value={value ?? ALL}
        onChange={(e) => onChange(e.target.value === ALL ? undefined : e.target.value)}
      >
        <MenuItem value={ALL}>All organisations</MenuItem>
        {options.map((o) => (
          <MenuItem key={o.id} value={o.id}>
            {o.name} ({o.code})
          </MenuItem>
        ))}
        {!known && <MenuItem value={value}>Unknown organisation</MenuItem>}
      </Select>
    </FormControl>
  );
}
