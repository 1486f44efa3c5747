import { countryName, type Organisation } from '@cardiomap/contract';
import EditIcon from '@mui/icons-material/Edit';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Box, Button, IconButton, Stack, TableCell, TableRow, TextField, Tooltip } from '@mui/material';
import { useState } from 'react';
import { FetchingBar } from '../../../components/FetchingBar.tsx';
import { PagedTable } from '../../../components/PagedTable.tsx';
import { RetryAlert } from '../../../components/RetryAlert.tsx';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { useOrganisations } from './api/list-organisations.ts';
import { OrganisationDialog } from './OrganisationDialog.tsx';

/** Spec §9: searches wait 500 ms after the last key. */
const SEARCH_DEBOUNCE_MS = 500;

type Editing = { organisation: Organisation | null } | null;

/** The Organisations tab of Users & Organisations (spec §2): search, refresh, table, add and edit dialog. */
export function OrganisationsTab() {
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing>(null);
  const filter = {
    page,
    code: useDebouncedValue(code.trim(), SEARCH_DEBOUNCE_MS),
    name: useDebouncedValue(name.trim(), SEARCH_DEBOUNCE_MS),
  };
  const organisations = useOrganisations(filter);

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <TextField
          label="Search by code"
          size="small"
          value={code}
          onChange={(e) => {
            setCode(e.target.value);
            setPage(1);
          }}
        />
        <TextField
          label="Search by name"
          size="small"
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setPage(1);
          }}
        />
        <Tooltip title="Refresh">
          <IconButton aria-label="Refresh" onClick={() => organisations.refetch()}>
            <RefreshIcon />
          </IconButton>
        </Tooltip>
        <Box sx={{ flex: 1 }} />
        <Button variant="contained" onClick={() => setEditing({ organisation: null })}>
          Add Organisation
        </Button>
      </Stack>
      <FetchingBar fetching={organisations.isFetching} label="Loading organisations" />
      {organisations.isError && (
        <RetryAlert
          message="There was a problem! The organisations could not be loaded."
          onRetry={() => organisations.refetch()}
        />
      )}
      <PagedTable
        label="Organisations"
        headers={['Code', 'Name', 'Country', 'Region', '']}
        count={organisations.data?.count}
        page={page}
        onPageChange={setPage}
        emptyText="No organisations found"
      >
        {organisations.data?.results.map((o) => (
          <TableRow key={o.id} hover>
            <TableCell>{o.code}</TableCell>
            <TableCell>{o.name}</TableCell>
            <TableCell>{countryName(o.country)}</TableCell>
            <TableCell>{o.region}</TableCell>
            <TableCell align="right">
              <Tooltip title="Edit">
                <IconButton aria-label={`Edit ${o.name}`} onClick={() => setEditing({ organisation: o })}>
                  <EditIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </TableCell>
          </TableRow>
        ))}
      </PagedTable>
      {editing && <OrganisationDialog organisation={editing.organisation} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
