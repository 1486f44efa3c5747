import type { UserSummary } from '@cardiomap/contract';
import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';

/** The users of one page; a row (click or Enter) opens the edit form beside the table. */
export function UsersTable(props: { users: UserSummary[]; selectedId: string | null; onSelect(id: string): void }) {
  return (
    <Table size="small" aria-label="Users">
      <TableHead>
        <TableRow>
          <TableCell>Name</TableCell>
          <TableCell>E-mail</TableCell>
          <TableCell>Title</TableCell>
          <TableCell>Status</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {props.users.map((user) => (
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
      </TableBody>
    </Table>
  );
}
