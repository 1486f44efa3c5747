import { withoutCredentials } from '../config.ts';
import { safeMessage } from '../lib/safe-error.ts';

/**
 * The one line printed when the database cannot be opened at start: where (without the password) and
 * why, instead of a stack trace that may quote the connection string.
 */
export function databaseStartError(error: unknown, url: string | undefined): string {
  const where = url ? withoutCredentials(url) : 'the embedded database (DATA_DIR)';
  const code = (error as { code?: unknown } | null)?.code;
  const reason = error instanceof Error ? safeMessage(error.message) : String(error);
  return `Cannot open ${where}: ${withoutCredentials(reason)}${typeof code === 'string' && !reason.includes(code) ? ` (${code})` : ''}`;
}
