/**
 * What of an error may reach a log line or a stored job message. Database errors carry the statement's
 * parameters (Drizzle's "params: …" in the message, `params`, `parameters`) and the offending values
 * (`detail: Key (x)=(…)`, `invalid input syntax for type uuid: "…"`): patient identifiers among them.
 * So errors are described by an allow-list of fields, never by spreading the object, and messages lose
 * the parts that quote data.
 */

/** Fields of a database error that name the failure, never the data. */
const SAFE_FIELDS = ['code', 'severity', 'routine', 'table', 'column', 'constraint', 'schema', 'dataType'] as const;

/** Drops Drizzle's parameter list and the literal a database message quotes after a colon. */
export function safeMessage(message: string): string {
  return message
    .replace(/\nparams:[\s\S]*$/, '\nparams: [redacted]')
    .replace(/(: )"[\s\S]*?"(?=\s*$|\n)/g, '$1"[redacted]"');
}

export interface SafeError {
  type: string;
  message: string;
  stack: string;
  statusCode?: number;
  cause?: SafeError;
  [field: string]: unknown;
}

/** The pino `err` serializer and the job runner's message source; follows `cause` a few levels. */
export function safeError(error: unknown, depth = 0): SafeError {
  if (!(error instanceof Error)) return { type: typeof error, message: '[not an Error: redacted]', stack: '' };
  const message = safeMessage(error.message);
  // The stack starts with the message: keep only its frames after the cleaned message.
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const out: SafeError = {
    type: error.constructor?.name ?? error.name,
    message,
    stack: [`${error.name}: ${message}`, ...frames].join('\n'),
  };
  const fields = error as unknown as Record<string, unknown>;
  if (typeof fields.statusCode === 'number') out.statusCode = fields.statusCode;
  for (const key of SAFE_FIELDS) {
    const value = fields[key];
    if (typeof value === 'string' || typeof value === 'number') out[key] = value;
  }
  if (error.cause !== undefined && depth < 3) out.cause = safeError(error.cause, depth + 1);
  return out;
}

/** One line for a stored job message: the innermost cause names the database failure best. */
export function safeReason(error: unknown): string {
  const safe = safeError(error);
  const cause = safe.cause?.message;
  return cause ? `${safe.message.replace(/\nparams: \[redacted\]$/, '')} (${cause})` : safe.message;
}

/** A failed statement (Drizzle's wrapper, or the driver's own error with its SQLSTATE and severity). */
export function isDatabaseError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const fields = error as unknown as Record<string, unknown>;
  return (
    error.constructor?.name === 'DrizzleQueryError' ||
    (typeof fields.severity === 'string' && typeof fields.code === 'string' && /^[0-9A-Z]{5}$/.test(fields.code))
  );
}

/** SQLSTATEs of a database that is down, starting, overloaded or too slow: try again later. */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '57014',
  '08000',
  '08001',
  '08003',
  '08006',
]);
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH', 'EPIPE']);
// "Cannot use a pool…": node-postgres once its pool has ended (a shutting-down process), as "PGlite is
// closed" is for the embedded database.
const UNAVAILABLE_MESSAGES =
  /timeout exceeded when trying to connect|Connection terminated|Query read timeout|PGlite is closed|Client was closed|Cannot use a pool after calling end on the pool/i;

/** True when an error (or one of its causes) says the database cannot be reached now, not that a statement is wrong. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 3) return false;
  const code = (error as unknown as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_CODES.has(code))) return true;
  if (UNAVAILABLE_MESSAGES.test(error.message)) return true;
  return isDatabaseUnavailable(error.cause, depth + 1);
}
