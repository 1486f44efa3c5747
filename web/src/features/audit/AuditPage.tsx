import { Container, Stack, TableCell, TableRow, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { FetchingBar } from '../../components/FetchingBar.tsx';
import { PagedTable } from '../../components/PagedTable.tsx';
import { RetryAlert } from '../../components/RetryAlert.tsx';
import { useDebouncedValue } from '../../hooks/use-debounced-value.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { AuditFilters, type AuditFilterValues } from './AuditFilters.tsx';
import type { AuditFilter } from './api/audit-filter.ts';
import { useAuditEvents } from './api/list-audit-events.ts';
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
        <FetchingBar fetching={events.isFetching} label="Loading audit events" />
        {events.isError && (
          <RetryAlert
            message="There was a problem! The audit trail could not be loaded."
            onRetry={() => events.refetch()}
          />
        )}
        <PagedTable
          label="Audit events"
          headers={['When', 'User', 'Action', 'Target', 'Details']}
          count={events.data?.count}
          page={page}
          onPageChange={setPage}
          emptyText="No audit events match these filters"
        >
          {events.data?.results.map((e) => (
            <TableRow key={e.id}>
              <TableCell>{formatDateTime(e.at, { seconds: true })}</TableCell>
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
        </PagedTable>
      </Stack>
    </Container>
  );
}
