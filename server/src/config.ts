import { resolve } from 'node:path';
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
  STORAGE_URL: optionalUrl(['file', 's3']),
  SMTP_URL: optionalUrl(['smtp', 'smtps']),
  MAIL_FROM: z.string().min(3).default('CardioMap <no-reply@cardiomap.test>'),
  PUBLIC_URL: optionalUrl(['http', 'https']),
  EMBED_ORIGINS: origins,
  DEMO_PASSWORD: z.string().min(15, 'must be at least 15 characters').default(DEFAULT_DEMO_PASSWORD),
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ACCESS_TOKEN_MINUTES: positiveInt(5),
  REFRESH_TOKEN_DAYS: positiveInt(7),
  AUTH_RATE_LIMIT: positiveInt(10),
  WEB_DIST: z.string().optional(),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  storageUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string | undefined;
  embedOrigins: string[];
  demoPassword: string;
  seedDemo: boolean;
  logLevel: string;
  accessTokenMinutes: number;
  refreshTokenDays: number;
  /** Attempts per minute on each sign-in route, per client address and account. */
  authRateLimit: number;
  webDist: string;
}

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
        (i) => `${String(i.path[0])}: ${i.message} (got ${JSON.stringify(env[String(i.path[0])])})`,
      ),
    );
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    storageUrl: e.STORAGE_URL ?? `file://${resolve(dataDir, 'objects')}`,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    embedOrigins: e.EMBED_ORIGINS,
    demoPassword: e.DEMO_PASSWORD,
    seedDemo: e.SEED_DEMO === 'true',
    logLevel: e.LOG_LEVEL,
    accessTokenMinutes: e.ACCESS_TOKEN_MINUTES,
    refreshTokenDays: e.REFRESH_TOKEN_DAYS,
    authRateLimit: e.AUTH_RATE_LIMIT,
    webDist: resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
  };
}
