export type RangeResult = { start: number; end: number } | 'unsatisfiable' | null;

/**
 * One `bytes=` range of RFC 9110 against an object of `size` bytes (end inclusive). null means "send the
 * whole object": no header, a syntax we do not serve (several ranges) or a malformed one, which the RFC
 * says to ignore.
 */
export function parseByteRange(header: string | undefined, size: number): RangeResult {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, first, last] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}
