import { StorageError } from './storage-error.ts';

/** Folder names the local driver keeps for itself (temporary files, multipart parts). */
export const RESERVED_SEGMENT_PREFIX = '.cm-';

const MAX_KEY_BYTES = 1024;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/**
 * Refuses any key that could escape the store's root or mean two things: absolute paths, `.` and `..`
 * segments, empty segments, backslashes, NUL and other control characters, and the driver's own names.
 */
export function assertValidKey(key: string): void {
  const problem = keyProblem(key);
  if (problem) throw new StorageError('invalid_key', `Invalid object key ${JSON.stringify(key)}: ${problem}.`);
}

function keyProblem(key: string): string | undefined {
  if (typeof key !== 'string' || key.length === 0) return 'empty';
  if (Buffer.byteLength(key) > MAX_KEY_BYTES) return `longer than ${MAX_KEY_BYTES} bytes`;
  if (key.startsWith('/')) return 'absolute';
  if (key.includes('\\')) return 'contains a backslash';
  if (CONTROL_CHARACTERS.test(key)) return 'contains a control character';
  for (const segment of key.split('/')) {
    if (segment === '') return 'has an empty segment';
    if (segment === '.' || segment === '..') return 'has a relative segment';
    if (segment.startsWith(RESERVED_SEGMENT_PREFIX)) return `a segment starts with ${RESERVED_SEGMENT_PREFIX}`;
  }
  return undefined;
}

/**
 * Turns a user's file name into one safe key segment (keeps letters of any script, digits, `.-_ ()`),
 * so callers can build `input-data/<uuid>/<safeFileName(name)>` from what the browser sent.
 */
export function safeFileName(name: string, fallback = 'file'): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}.\-_ ()]/gu, '_')
    .replace(/^[.\s]+/, '')
    .trim()
    .slice(0, 200);
  return cleaned.length > 0 ? cleaned : fallback;
}
