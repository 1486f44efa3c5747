import { PaginationItem, Stack } from '@mui/material';
import { pageWindow } from './page-window.ts';

/**
 * Numbered pagination showing exactly the pages of pageWindow (at most 10, spec §9). MUI's Pagination
 * counts boundary pages and ellipses into its width, so it cannot hold a fixed run of ten numbers.
 */
export function PageNumbers({
  page,
  pageCount,
  onChange,
}: {
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
}) {
  if (pageCount <= 1) return null;
  return (
    <Stack component="nav" aria-label="Pagination" direction="row" spacing={0.5} sx={{ justifyContent: 'center' }}>
      <PaginationItem
        type="previous"
        aria-label="Go to previous page"
        disabled={page <= 1}
        onClick={() => onChange(page - 1)}
      />
      {pageWindow(page, pageCount).map((n) => (
        <PaginationItem
          key={n}
          page={n}
          selected={n === page}
          aria-current={n === page ? 'page' : undefined}
          aria-label={n === page ? `page ${n}` : `Go to page ${n}`}
          onClick={() => onChange(n)}
        />
      ))}
      <PaginationItem
        type="next"
        aria-label="Go to next page"
        disabled={page >= pageCount}
        onClick={() => onChange(page + 1)}
      />
    </Stack>
  );
}
