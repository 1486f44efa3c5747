import type { OrganisationChoice } from '@cardiomap/contract';
import { Alert, Box, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { OrganisationPicker } from '../../../components/OrganisationPicker.tsx';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { useAdminUsers } from './api/list-admin-users.ts';
import { UserEditForm } from './UserEditForm.tsx';
import { UsersTable } from './UsersTable.tsx';

/** Spec §2 Users tab: search and organisation filter (debounced 500 ms), paginated table, form beside. */
export function UsersTab() {
  const [searchInput, setSearchInput] = useState('');
  const [organisation, setOrganisation] = useState<OrganisationChoice | null>(null);
  const [page, setPage] = useState(1);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const search = useDebouncedValue(searchInput.trim(), 500);
  const organisationId = useDebouncedValue(organisation?.id ?? null, 500);
  const list = useAdminUsers({ search, organisationId, page });

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: 'flex-start' }}>
      <Box sx={{ flex: 3, minWidth: 0 }}>
        <Stack direction="row" spacing={2} sx={{ mb: 2 }}>
          <TextField
            label="Search"
            placeholder="Name, e-mail or title"
            value={searchInput}
            onChange={(event) => {
              setSearchInput(event.target.value);
              setPage(1);
            }}
          />
          <OrganisationPicker
            label="Organisation"
            value={organisation}
            onChange={(value) => {
              setOrganisation(value);
              setPage(1);
            }}
          />
        </Stack>
        {list.isPending ? (
          <CircularProgress aria-label="Loading users" />
        ) : list.isError ? (
          <Alert severity="error">There was a problem!</Alert>
        ) : (
          <UsersTable
            page={list.data}
            pageNumber={page}
            onPageChange={setPage}
            selectedId={selectedId}
            onSelect={setSelectedId}
          />
        )}
      </Box>
      <Box sx={{ flex: 2, minWidth: 320, width: '100%' }}>
        {selectedId ? (
          <UserEditForm key={selectedId} userId={selectedId} />
        ) : (
          <Typography color="text.secondary">Choose a user to edit.</Typography>
        )}
      </Box>
    </Stack>
  );
}
