import type { Paginated, UserSummary } from '@cardiomap/contract';
import { TableCell, TableRow } from '@mui/material';
import { PagedTable } from '../../../components/PagedTable.tsx';

/** The users of one page; a row (click or Enter) opens the edit form beside the table. */
export function UsersTable(props: {
  page: Paginated<UserSummary>;
  pageNumber: number;
  onPageChange(page: number): void;
  selectedId: string | null;
  onSelect(id: string): void;
}) {
  return (
    <PagedTable
      label="Users"
      headers={['Name', 'E-mail', 'Title', 'Status']}
      count={props.page.count}
      page={props.pageNumber}
      onPageChange={props.onPageChange}
      emptyText="No users match your search criteria"
    >
      {props.page.results.map((user) => (
        <TableRow
          key={user.id}
          hover
          selected={user.id === props.selectedId}
          tabIndex={0}
          sx={{ cursor: 'pointer' }}
          onClick={() => props.onSelect(user.id)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') props.onSelect(user.id);
          }}
        >
          <TableCell>{`${user.givenName} ${user.familyName}`.trim() || '—'}</TableCell>
          <TableCell>{user.email}</TableCell>
          <TableCell>{user.title}</TableCell>
          <TableCell>{user.isActive === false ? 'Inactive' : 'Active'}</TableCell>
        </TableRow>
      ))}
    </PagedTable>
  );
}
