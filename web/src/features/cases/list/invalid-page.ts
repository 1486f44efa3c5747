import { DEFAULT_PAGE_SIZE } from '@cardiomap/contract';
import { ApiError } from '../../../api/index.ts';

export const pageCount = (count: number): number => Math.max(1, Math.ceil(count / DEFAULT_PAGE_SIZE));

/**
 * Spec §2: the server answers a page beyond the last with a detail error ('Invalid page.', 404), and a
 * malformed one with a field error on `page`; either way the list goes back to page 1.
 */
export const isInvalidPageError = (error: unknown): boolean =>
  error instanceof ApiError &&
  ((error.status === 404 && /invalid page/i.test(error.message)) || error.messagesFor('page').length > 0);
