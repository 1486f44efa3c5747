import { DEFAULT_PAGE_SIZE, type IncomingRegistration } from '@cardiomap/contract';
import {
  Alert,
  Box,
  Button,
  LinearProgress,
  Pagination,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
} from '@mui/material';
import { useState } from 'react';
import { useIncomingRegistrations } from './api/list-incoming.ts';
import { RegistrationDecision } from './RegistrationDecision.tsx';

export { usePendingRegistrationsCount } from './api/list-incoming.ts';

const fullName = (r: IncomingRegistration) => [r.givenName, r.middleName, r.familyName].filter(Boolean).join(' ');

/** The Incoming requests tab (spec §2): verified users waiting for an organisation, decided beside the table. */
export function IncomingRequestsTab() {
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<IncomingRegistration | null>(null);
  const incoming = useIncomingRegistrations(page);
  const pages = Math.max(1, Math.ceil((incoming.data?.count ?? 0) / DEFAULT_PAGE_SIZE));

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Box sx={{ flex: 2, minWidth: 0, width: '100%' }}>
        {incoming.isFetching && <LinearProgress aria-label="Loading incoming requests" />}
        {incoming.isError && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" onClick={() => incoming.refetch()}>
                Retry
              </Button>
            }
          >
            There was a problem! The incoming requests could not be loaded.
          </Alert>
        )}
        <Table size="small" aria-label="Incoming requests">
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>E-mail</TableCell>
              <TableCell>Organisation request</TableCell>
              <TableCell>Registered</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {incoming.data?.results.map((r) => (
              <TableRow
                key={r.userId}
                hover
                selected={selected?.userId === r.userId}
                onClick={() => setSelected(r)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' || e.key === ' ') {
                    e.preventDefault();
                    setSelected(r);
                  }
                }}
                tabIndex={0}
                sx={{ cursor: 'pointer' }}
              >
                <TableCell>{fullName(r)}</TableCell>
                <TableCell>{r.email}</TableCell>
                <TableCell>{r.organisationRequest}</TableCell>
                <TableCell>{new Date(r.dateCreated).toLocaleDateString()}</TableCell>
              </TableRow>
            ))}
            {incoming.isSuccess && incoming.data.results.length === 0 && (
              <TableRow>
                <TableCell colSpan={4}>No incoming requests</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
        {pages > 1 && (
          <Pagination count={pages} page={page} onChange={(_, p) => setPage(p)} aria-label="Incoming request pages" />
        )}
      </Box>
      {selected && (
        <Box sx={{ flex: 1, minWidth: 320, width: '100%' }}>
          <RegistrationDecision key={selected.userId} registration={selected} onDone={() => setSelected(null)} />
        </Box>
      )}
    </Stack>
  );
}
