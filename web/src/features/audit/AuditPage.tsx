import { DEFAULT_PAGE_SIZE } from '@cardiomap/contract';
import {
  Alert,
  Button,
  Container,
  LinearProgress,
  Pagination,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useDebouncedValue } from '../../hooks/use-debounced-value.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { AuditFilters, type AuditFilterValues } from './AuditFilters.tsx';
import { type AuditFilter, useAuditEvents } from './api/list-audit-events.ts';
import { detailsSummary, endOfDay, isCaseId, startOfDay } from './audit-filter.ts';

const NO_FILTER: AuditFilterValues = {
  user: null,
  organisation: null,
  caseId: '',
  action: '',
  fromDay: '',
  toDay: '',
};

/** The audit trail for administrators (issue 20 §1): filter by user, organisation, case, action and date. */
export function AuditPage() {
  usePageTitle('Audit trail');
  const [values, setValues] = useState(NO_FILTER);
  const [page, setPage] = useState(1);
  const action = useDebouncedValue(values.action.trim(), 500);
  const caseText = useDebouncedValue(values.caseId.trim(), 500);
  const filter: AuditFilter = {
    page,
    actorId: values.user?.id ?? '',
    organisationId: values.organisation?.id ?? '',
    caseId: isCaseId(caseText) ? caseText : '',
    action,
    since: startOfDay(values.fromDay),
    until: endOfDay(values.toDay),
  };
  // A half-typed case id asks nothing rather than everything.
  const events = useAuditEvents(filter, caseText === '' || isCaseId(caseText));
  const pages = Math.max(1, Math.ceil((events.data?.count ?? 0) / DEFAULT_PAGE_SIZE));

  return (
    <Container maxWidth="xl" sx={{ py: 3 }}>
      <Stack spacing={2}>
        <Typography variant="h5" component="h1">
          Audit trail
        </Typography>
        <AuditFilters
          value={values}
          onChange={(next) => {
            setValues(next);
            setPage(1);
          }}
        />
        {events.isFetching && <LinearProgress aria-label="Loading audit events" />}
        {events.isError && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" onClick={() => events.refetch()}>
                Retry
              </Button>
            }
          >
            There was a problem! The audit trail could not be loaded.
          </Alert>
        )}
        <Table size="small" aria-label="Audit events">
          <TableHead>
            <TableRow>
              <TableCell>When</TableCell>
              <TableCell>User</TableCell>
              <TableCell>Action</TableCell>
              <TableCell>Target</TableCell>
              <TableCell>Details</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {events.data?.results.map((e) => (
              <TableRow key={e.id}>
                <TableCell>{new Date(e.at).toLocaleString()}</TableCell>
                <TableCell>{e.actorEmail ?? '—'}</TableCell>
                <TableCell>{e.action}</TableCell>
                <TableCell>{e.targetType ? `${e.targetType} ${e.targetId ?? ''}` : '—'}</TableCell>
                <TableCell>
                  <Tooltip title={<pre style={{ margin: 0 }}>{JSON.stringify(e.details, null, 2)}</pre>}>
                    <span>{detailsSummary(e.details)}</span>
                  </Tooltip>
                </TableCell>
              </TableRow>
            ))}
            {events.isSuccess && events.data.results.length === 0 && (
              <TableRow>
                <TableCell colSpan={5}>No audit events match these filters</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
        {pages > 1 && <Pagination count={pages} page={page} onChange={(_, p) => setPage(p)} aria-label="Audit pages" />}
      </Stack>
    </Container>
  );
}
