import type { UserInfo } from '@cardiomap/contract';
import { FormControl, InputLabel, MenuItem, Select } from '@mui/material';
import { OrganisationPicker } from '../../components/OrganisationPicker.tsx';

interface Option {
  id: string;
  name: string;
}

/**
 * Spec §2 "Licenses: organisation picker". Users who see every organisation search them all (the shared
 * picker, their own organisations offered first); others choose among their own, shown only when they have several.
 */
export function LicenceOrganisationChoice({
  user,
  value,
  onChange,
}: {
  user: UserInfo;
  value: Option;
  onChange: (organisation: Option) => void;
}) {
  const own: Option[] = user.organisations.map((o) => ({ id: o.id, name: o.name }));
  if (user.canViewAllOrganisations) {
    return (
      <OrganisationPicker
        label="Organisation"
        size="small"
        minWidth={320}
        required
        suggestions={own}
        value={value}
        onChange={(chosen) => chosen && onChange(chosen)}
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
