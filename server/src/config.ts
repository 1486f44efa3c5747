import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { z } from 'zod';

/** The documented default, at least 15 characters as the password policy demands. */
export const DEFAULT_DEMO_PASSWORD = 'cardiomap-demo-2026';

const port = z.coerce
  .number({ message: 'must be a whole number' })
  .int('must be a whole number')
  .min(0, 'must be between 0 and 65535')
  .max(65535, 'must be between 0 and 65535');

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || protocols.some((p) => v.startsWith(`${p}:`)), {
      message: `must be a URL starting with ${protocols.map((p) => `${p}://`).join(' or ')}`,
    });

const origins = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(/[\s,]+/)
      .map((o) => o.trim())
      .filter(Boolean),
  )
  .refine((list) => list.every((o) => /^https?:\/\/[^/\s]+$/.test(o)), {
    message: 'must be a comma-separated list of origins like https://portal.example.org (no path)',
  });

/** `s3://bucket` or `s3://bucket/prefix`, with a bucket name S3 accepts. */
const S3_STORAGE_URL = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(\/[^\s]*)?$/;

/**
 * Proxies whose X-Forwarded-For is believed: IP addresses or CIDR ranges (10.0.0.0/8), comma-separated.
 * Empty (the default): forwarding headers are ignored and the socket's address is the client.
 */
const trustedProxies = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(/[\s,]+/)
      .map((o) => o.trim())
      .filter(Boolean),
  )
  .refine((list) => list.every(isAddressOrRange), {
    message: 'must be a comma-separated list of IP addresses or CIDR ranges like 10.0.0.0/8',
  });

function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

const storageUrl = optionalUrl(['file', 's3']).refine(
  (v) => v === undefined || !v.startsWith('s3:') || S3_STORAGE_URL.test(v),
  {
    message: 'must be s3://bucket or s3://bucket/prefix (bucket: 3-63 lower-case letters, digits, dots, hyphens)',
  },
);

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined));

/** Values that must never be echoed back in a configuration error. */
const SECRET_SETTINGS = new Set(['S3_SECRET_ACCESS_KEY', 'STORAGE_SECRET', 'TEST_HOOKS_TOKEN', 'METRICS_TOKEN']);

const positiveInt = (fallback: number) =>
  z.coerce
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .positive('must be positive')
    .default(fallback);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: port.default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
  TEST_DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
  STORAGE_URL: storageUrl,
  /** Signs the local driver's URLs; else a random key kept in DATA_DIR/storage.key. */
  STORAGE_SECRET: optionalText.refine((v) => v === undefined || v.length >= 32, {
    message: 'must be at least 32 characters',
  }),
  S3_ENDPOINT: optionalUrl(['http', 'https']),
  S3_REGION: z.string().trim().min(1, 'must not be empty').default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false'], { message: 'must be true or false' }).default('true'),
  SMTP_URL: optionalUrl(['smtp', 'smtps']),
  MAIL_FROM: z.string().min(3).default('CardioMap <no-reply@cardiomap.test>'),
  PUBLIC_URL: optionalUrl(['http', 'https']),
  EMBED_ORIGINS: origins,
  TRUSTED_PROXIES: trustedProxies,
  // Empty is unset: compose passes `${DEMO_PASSWORD:-}` through when no demo data is seeded.
  DEMO_PASSWORD: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().min(15, 'must be at least 15 characters').default(DEFAULT_DEMO_PASSWORD),
  ),
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ACCESS_TOKEN_MINUTES: positiveInt(5),
  /** The longest a signed read link lives; the viewer asks for fresh ones every 2 minutes. */
  /** Upload registrations one case may hold (issue 22: each reserves storage). */
  UPLOADS_PER_CASE: positiveInt(20),
  /** Bytes one case's uploads may reserve together (announced sizes, else 4 GiB each); default 16 GiB. */
  UPLOAD_BYTES_PER_CASE: positiveInt(16 * 1024 ** 3),
  READ_URL_SECONDS: positiveInt(600).pipe(
    z
      .number()
      .min(180, 'must be at least 180 seconds')
      .max(7 * 24 * 3600),
  ),
  REFRESH_TOKEN_DAYS: positiveInt(7),
  AUTH_RATE_LIMIT: positiveInt(10),
  WEB_DIST: z.string().optional(),
  /**
   * Turns on /api/test-hooks/ (what the e2e suite needs that has no screen yet, such as approving a
   * registration), each call carrying this secret. Never set in a deployment.
   */
  TEST_HOOKS_TOKEN: optionalText.refine((v) => v === undefined || v.length >= 32, {
    message: 'must be at least 32 characters',
  }),
  /** Run the job workers (ingest …) inside this process; `false` for API-only instances. */
  RUN_WORKERS: z.enum(['true', 'false']).default('true'),
  /**
   * Where jobs unpack their work (default DATA_DIR/jobs: this instance's own, and on the disk of local
   * storage, so outputs are published by a rename); each job gets its own folder, removed when it ends.
   */
  JOB_TEMP_DIR: z.string().optional(),
  /**
   * zlib level of the volume's slices (the format is deflate-raw whatever the level). 1 (default) makes the
   * volume about 2.4× smaller than 0 for about a third of the ingest's CPU; 0 stores the slices in deflate's
   * stored blocks, for sites where the viewer's download is cheap and ingest speed matters most.
   */
  VOLUME_DEFLATE_LEVEL: z.coerce
    .number({ message: 'must be a whole number from 0 to 9' })
    .int('must be a whole number from 0 to 9')
    .min(0, 'must be a whole number from 0 to 9')
    .max(9, 'must be a whole number from 0 to 9')
    .default(1),
  /**
   * Serves Prometheus metrics at /metrics on this port of HOST (API and worker processes alike: the jobs'
   * figures are where the jobs run), never on the API's own port. Unset (the default): no metrics server.
   */
  METRICS_PORT: port.optional(),
  /** The bearer token every scrape must carry; required with METRICS_PORT, so metrics are never open. */
  METRICS_TOKEN: optionalText.refine((v) => v === undefined || v.length >= 32, {
    message: 'must be at least 32 characters',
  }),
  /**
   * Read by the OpenTelemetry SDK itself (with the other OTEL_* variables; telemetry/tracing.ts): set,
   * traces are exported there by OTLP/HTTP; unset, tracing is not started at all. Listed here so a
   * mistyped URL stops the start like any other bad setting.
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl(['http', 'https']),
  OTEL_SERVICE_NAME: optionalText,
});

export type Env = z.input<typeof envSchema>;

/** What one case's uploads may hold (issue 22). */
export interface UploadLimits {
  perCase: number;
  bytesPerCase: number;
}

/** Every environment variable the server reads (deployment files are checked against it, so they cannot drift). */
export const CONFIG_KEYS = Object.keys(envSchema.shape) as (keyof Env)[];

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** `file:///absolute/folder` (default DATA_DIR/objects) or `s3://bucket[/prefix]`. */
  storageUrl: string;
  storageSecret: string | undefined;
  s3: S3Settings;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string | undefined;
  embedOrigins: string[];
  /** Proxies whose forwarding headers name the client (none: the socket's peer is the client). */
  trustedProxies: string[];
  demoPassword: string;
  seedDemo: boolean;
  logLevel: string;
  accessTokenMinutes: number;
  /** READ_URL_SECONDS: the ceiling on every signed read link's life. */
  readUrlSeconds: number;
  /** UPLOADS_PER_CASE and UPLOAD_BYTES_PER_CASE. */
  uploadLimits: UploadLimits;
  refreshTokenDays: number;
  /** Attempts per minute on each sign-in route, per client address and account. */
  authRateLimit: number;
  webDist: string;
  /** Set only by the e2e suite: enables the test hooks (see TEST_HOOKS_TOKEN). */
  testHooksToken: string | undefined;
  runWorkers: boolean;
  jobTempDir: string;
  volumeDeflateLevel: number;
  /** The Prometheus endpoint (undefined: none); its token is required with it. */
  metrics: { port: number; token: string } | undefined;
}

export interface S3Settings {
  /** Unset for AWS itself; the URL of any other S3-compatible store. */
  endpoint: string | undefined;
  region: string;
  /** Unset: the AWS SDK's default credential chain (instance role, profile…). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
}

/**
 * A URL's password never goes into an error: `postgres://user:secret@host` is echoed as
 * `postgres://user:[hidden]@host`, parsed or not (a mistyped URL is what gets echoed).
 */
export const withoutCredentials = (value: string): string => value.replace(/(\/\/[^:/@\s]*:)[^@\s]*@/g, '$1[hidden]@');

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Reads the environment once at start; every bad value gets its own line in the error. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map(
        (i) =>
          `${String(i.path[0])}: ${i.message} (got ${
            SECRET_SETTINGS.has(String(i.path[0]))
              ? 'a hidden value'
              : withoutCredentials(JSON.stringify(env[String(i.path[0])]) ?? 'undefined')
          })`,
      ),
    );
  }
  const e = parsed.data;
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError([
      `${e.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'}: must be set too (S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together)`,
    ]);
  }
  if (e.METRICS_PORT !== undefined && !e.METRICS_TOKEN) {
    throw new ConfigError([
      'METRICS_TOKEN: must be set with METRICS_PORT (at least 32 characters; Prometheus sends it as a bearer token)',
    ]);
  }
  const dataDir = resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    storageUrl: e.STORAGE_URL ?? `file://${resolve(dataDir, 'objects')}`,
    storageSecret: e.STORAGE_SECRET,
    s3: {
      endpoint: e.S3_ENDPOINT,
      region: e.S3_REGION,
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
    },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    embedOrigins: e.EMBED_ORIGINS,
    trustedProxies: e.TRUSTED_PROXIES,
    demoPassword: e.DEMO_PASSWORD,
    seedDemo: e.SEED_DEMO === 'true',
    logLevel: e.LOG_LEVEL,
    accessTokenMinutes: e.ACCESS_TOKEN_MINUTES,
    readUrlSeconds: e.READ_URL_SECONDS,
    uploadLimits: { perCase: e.UPLOADS_PER_CASE, bytesPerCase: e.UPLOAD_BYTES_PER_CASE },
    refreshTokenDays: e.REFRESH_TOKEN_DAYS,
    authRateLimit: e.AUTH_RATE_LIMIT,
    webDist: resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    testHooksToken: e.TEST_HOOKS_TOKEN,
    runWorkers: e.RUN_WORKERS === 'true',
    jobTempDir: resolve(e.JOB_TEMP_DIR ?? join(dataDir, 'jobs')),
    volumeDeflateLevel: e.VOLUME_DEFLATE_LEVEL,
    metrics:
      e.METRICS_PORT !== undefined && e.METRICS_TOKEN ? { port: e.METRICS_PORT, token: e.METRICS_TOKEN } : undefined,
  };
}
