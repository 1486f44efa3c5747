/** Spec §9: the table's pagination shows 10 page numbers at most. */
export const PAGE_NUMBERS_SHOWN = 10;

/**
 * The page numbers to show: a run of at most 10 consecutive pages containing the current one, as
 * centred on it as the ends allow (so the first and last pages are reachable by stepping).
 */
export function pageWindow(current: number, pageCount: number, size = PAGE_NUMBERS_SHOWN): number[] {
  if (pageCount < 1) return [];
  const clamped = Math.min(Math.max(current, 1), pageCount);
  const first = Math.max(1, Math.min(clamped - Math.floor((size - 1) / 2), pageCount - size + 1));
  const last = Math.min(pageCount, first + size - 1);
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}
