import type { IncomingRegistration } from '@cardiomap/contract';
import { Box, Stack, TableCell, TableRow } from '@mui/material';
import { useState } from 'react';
import { FetchingBar } from '../../../components/FetchingBar.tsx';
import { PagedTable } from '../../../components/PagedTable.tsx';
import { RetryAlert } from '../../../components/RetryAlert.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { useIncomingRegistrations } from './api/list-incoming.ts';
import { RegistrationDecision } from './RegistrationDecision.tsx';

export { usePendingRegistrationsCount } from './api/list-incoming.ts';

const fullName = (r: IncomingRegistration) => [r.givenName, r.middleName, r.familyName].filter(Boolean).join(' ');

/** The Incoming requests tab (spec §2): verified users waiting for an organisation, decided beside the table. */
export function IncomingRequestsTab() {
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<IncomingRegistration | null>(null);
  const incoming = useIncomingRegistrations(page);

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Box sx={{ flex: 2, minWidth: 0, width: '100%' }}>
        <FetchingBar fetching={incoming.isFetching} label="Loading incoming requests" />
        {incoming.isError && (
          <RetryAlert
            message="There was a problem! The incoming requests could not be loaded."
            onRetry={() => incoming.refetch()}
          />
        )}
        <PagedTable
          label="Incoming requests"
          headers={['Name', 'E-mail', 'Organisation request', 'Registered']}
          count={incoming.data?.count}
          page={page}
          onPageChange={setPage}
          emptyText="No incoming requests"
        >
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
              <TableCell>{formatDate(r.dateCreated)}</TableCell>
            </TableRow>
          ))}
        </PagedTable>
      </Box>
      {selected && (
        <Box sx={{ flex: 1, minWidth: 320, width: '100%' }}>
          <RegistrationDecision key={selected.userId} registration={selected} onDone={() => setSelected(null)} />
        </Box>
      )}
    </Stack>
  );
}
