import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';
import { safeError } from '../lib/safe-error.ts';

/**
 * Structured JSON logs with request ids. Credentials and patient data never reach a log line: request
 * bodies are not logged at all, the headers that carry secrets are redacted, and errors are logged by
 * an allow-list of their fields (a database error carries the statement's parameters: see safe-error.ts).
 */
export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.otp',
        '*.refresh',
        '*.access',
        '*.otpToken',
        '*.token',
      ],
      censor: '[redacted]',
    },
    serializers: {
      err: safeError,
      error: safeError,
      req(request) {
        // The query string may carry signed-URL signatures; log the path only.
        return { method: request.method, url: request.url.split('?')[0], id: request.id };
      },
    },
  };
}
