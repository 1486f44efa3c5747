import { DEFAULT_PAGE_SIZE } from '@cardiomap/contract';
import { Box, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import type { ReactNode } from 'react';
import { PageNumbers } from './PageNumbers.tsx';

/**
 * A server-paginated table of the administration screens (spec §9: 15 a page, ten page numbers): the
 * header, the caller's rows, a row saying so when the page is empty, and the page numbers below.
 */
export function PagedTable(props: {
  label: string;
  headers: readonly ReactNode[];
  /** Rows on the server; undefined while the first page loads. */
  count: number | undefined;
  page: number;
  onPageChange(page: number): void;
  /** Shown in a row of its own once a page has loaded without rows. */
  emptyText: string;
  children: ReactNode;
}) {
  const count = props.count ?? 0;
  const pageCount = Math.max(1, Math.ceil(count / DEFAULT_PAGE_SIZE));
  return (
    <>
      <Table size="small" aria-label={props.label}>
        <TableHead>
          <TableRow>
            {props.headers.map((header, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the headers are fixed per table.
              <TableCell key={i}>{header}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {props.children}
          {props.count === 0 && (
            <TableRow>
              <TableCell colSpan={props.headers.length}>{props.emptyText}</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
      <Box sx={{ mt: 2 }}>
        <PageNumbers page={props.page} pageCount={pageCount} onChange={props.onPageChange} />
      </Box>
    </>
  );
}
