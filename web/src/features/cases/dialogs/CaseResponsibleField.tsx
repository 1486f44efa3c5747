import type { UserSummary } from '@cardiomap/contract';
import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useUsers } from '../api/get-users.ts';

interface Props {
  organisationId: string;
  value: UserSummary | null;
  onChange: (user: UserSummary | null) => void;
  onBlur: () => void;
  error?: string;
}

const fullName = (user: UserSummary) => [user.title, user.givenName, user.familyName].filter(Boolean).join(' ');

/**
 * Spec §2 "User autocomplete": members of the case's organisation who may request analyses (issue 30
 * #10: not sales, support or engineers), searched as the user types, clearable, showing each e-mail.
 */
export function CaseResponsibleField({ organisationId, value, onChange, onBlur, error }: Props) {
  const [search, setSearch] = useState('');
  const users = useUsers(
    { organisationId, search: search.trim() || undefined, mayBeCaseResponsible: true },
    !!organisationId,
  );
  return (
    <Autocomplete
      id="case-responsible"
      options={users.data ?? []}
      value={value}
      loading={users.isFetching}
      filterOptions={(all) => all}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      getOptionLabel={(user) => `${fullName(user)} (${user.email})`}
      onInputChange={(_, text, reason) => reason === 'input' && setSearch(text)}
      onChange={(_, user) => onChange(user)}
      onBlur={onBlur}
      renderOption={({ key, ...props }, user) => (
        <Box component="li" key={key} {...props}>
          <div>
            <Typography>{fullName(user)}</Typography>
            <Typography variant="body2" color="text.secondary">
              {user.email}
            </Typography>
          </div>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Case responsible"
          required
          placeholder="Start typing to search a user"
          error={!!error}
          helperText={error}
        />
      )}
    />
  );
}
