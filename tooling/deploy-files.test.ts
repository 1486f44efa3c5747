import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { routes } from '@cardiomap/contract';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { serverNodeEnv, serverNodeFlags } from '../server/scripts/build.mjs';
import { CONFIG_KEYS, loadConfig } from '../server/src/config.ts';

/**
 * Issue 22 §2: the Dockerfile and compose file cannot be built here (no container engine), so they are
 * checked against what they name: scripts that exist, the server's real entry points and flags, and
 * environment variables the config schema knows, with values it accepts.
 */
const ROOT = new URL('../', import.meta.url).pathname;
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

const rootPackage = JSON.parse(read('package.json')) as { workspaces: string[]; scripts: Record<string, string> };
const scriptsOf = (workspace?: string): Record<string, string> =>
  workspace
    ? ((JSON.parse(read(`${workspace}/package.json`)) as { scripts?: Record<string, string> }).scripts ?? {})
    : rootPackage.scripts;

/** Dockerfile instructions, continuation lines joined, comments dropped. */
function instructions(text: string): { op: string; args: string }[] {
  return text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [op = '', ...rest] = line.split(/\s+/);
      return { op: op.toUpperCase(), args: rest.join(' ') };
    });
}

/** Every `npm run <script> [-w <workspace>]` of a shell line names a script that exists. */
function expectScriptsExist(line: string): void {
  for (const match of line.matchAll(/npm run ([\w:-]+)(?:\s+-w\s+([\w/-]+))?/g)) {
    const [, script = '', workspace] = match;
    expect(Object.keys(scriptsOf(workspace)), `${line}`).toContain(script);
  }
}

const entry = (name: 'main' | 'worker') => ['node', ...(serverNodeFlags() as string[]), `server/dist/${name}.mjs`];
/** What the process environment may carry besides the config schema: what build.mjs sets for the server. */
const PROCESS_ENV = Object.keys(serverNodeEnv({}) as Record<string, string>);

/** Compose's `${NAME:-default}` with the defaults, as compose substitutes them when nothing is set. */
const substituted = (value: string) => value.replace(/\$\{(\w+):-([^}]*)\}/g, (_all, _name, fallback) => fallback);

describe('Dockerfile', () => {
  const steps = instructions(read('Dockerfile'));
  const final = steps.slice(steps.map((s) => s.op).lastIndexOf('FROM'));

  it('runs only scripts that exist, and installs every workspace', () => {
    for (const step of steps.filter((s) => s.op === 'RUN')) expectScriptsExist(step.args);
    const copied = steps.filter((s) => s.op === 'COPY').map((s) => s.args);
    for (const workspace of rootPackage.workspaces) {
      expect(copied, `${workspace}/package.json is copied before npm ci`).toContainEqual(
        `${workspace}/package.json ${workspace}/`,
      );
    }
  });

  it('starts the built API with the flags build.mjs gives it, as a user other than root', () => {
    const cmd = final.find((s) => s.op === 'CMD');
    expect(JSON.parse(cmd?.args ?? '[]')).toEqual(entry('main'));
    const user = final.filter((s) => s.op === 'USER').at(-1)?.args;
    expect(user).toBeDefined();
    expect(['root', '0']).not.toContain(user);
  });

  it('checks its health on the contract’s liveness route', () => {
    const check = final.find((s) => s.op === 'HEALTHCHECK')?.args ?? '';
    expect(check).toContain(`${routes.health.path}'`);
  });

  it('sets only environment variables the server reads, with values its config accepts', () => {
    const env: Record<string, string> = {};
    for (const step of final.filter((s) => s.op === 'ENV')) {
      for (const pair of step.args.matchAll(/(\w+)=(\S+)/g)) env[pair[1] ?? ''] = pair[2] ?? '';
    }
    expect(Object.keys(env).length).toBeGreaterThan(0);
    for (const key of Object.keys(env)) expect([...CONFIG_KEYS, ...PROCESS_ENV], key).toContain(key);
    expect(() => loadConfig(env)).not.toThrow();
  });
});

type Service = {
  image?: string;
  command?: string[];
  environment?: Record<string, string>;
  read_only?: boolean;
  entrypoint?: string[];
  ports?: string[];
};

describe('compose.yaml', () => {
  const compose = parseYaml(read('compose.yaml'), { merge: true }) as { services: Record<string, Service> };
  const { api, worker, minio, postgres } = compose.services;
  const app = { api, worker };
  const envOf = (s: Service | undefined) =>
    Object.fromEntries(Object.entries(s?.environment ?? {}).map(([k, v]) => [k, substituted(String(v))]));

  it('has PostgreSQL, S3-compatible storage, an SMTP catcher, the API and a worker', () => {
    expect(Object.keys(compose.services)).toEqual(
      expect.arrayContaining(['postgres', 'minio', 'mailpit', 'api', 'worker']),
    );
  });

  it('sets only variables of the config schema on the API and the worker, with values it accepts', () => {
    for (const [name, service] of Object.entries(app)) {
      const env = envOf(service);
      for (const key of Object.keys(env)) expect(CONFIG_KEYS, `${name}: ${key}`).toContain(key);
      const config = loadConfig(env);
      // What a scaled deployment must not leave to the embedded defaults.
      expect(config.databaseUrl, name).toMatch(/^postgres:\/\/.+@postgres:5432\//);
      expect(config.storageUrl, name).toMatch(/^s3:\/\//);
      expect(config.s3.endpoint, name).toBeDefined();
      expect(config.smtpUrl, name).toMatch(/^smtp:\/\/mailpit:/);
      expect(config.publicUrl, name).toBeDefined();
      expect(service?.read_only, name).toBe(true);
    }
    expect(loadConfig(envOf(api)).runWorkers).toBe(false);
  });

  // Issue 27: a `docker compose up` with nothing set must not open a known account or publish the helpers.
  it('seeds no demo data unless asked, and publishes the helpers on 127.0.0.1 only', () => {
    for (const [name, service] of Object.entries(app)) {
      const config = loadConfig(envOf(service));
      expect(config.seedDemo, name).toBe(false);
    }
    for (const name of ['minio', 'mailpit']) {
      const ports = (compose.services[name]?.ports ?? []).map(String);
      expect(ports.length, name).toBeGreaterThan(0);
      for (const port of ports) expect(port, name).toMatch(/^127\.0\.0\.1:/);
    }
  });

  it('runs the worker from its built entry, and the API from the image’s command', () => {
    expect(worker?.command).toEqual(entry('worker'));
    expect(api?.command).toBeUndefined();
  });

  it('gives the server the credentials and bucket the storage and database are started with', () => {
    const env = envOf(api);
    const store = envOf(minio);
    expect(env.S3_ACCESS_KEY_ID).toBe(store.MINIO_ROOT_USER);
    expect(env.S3_SECRET_ACCESS_KEY).toBe(store.MINIO_ROOT_PASSWORD);
    const bucket = new URL(env.STORAGE_URL ?? '').host;
    expect(JSON.stringify(compose.services['minio-bucket']?.entrypoint)).toContain(`local/${bucket}`);
    const db = new URL(env.DATABASE_URL ?? '');
    const pgEnv = envOf(postgres);
    expect([db.username, db.password, db.pathname.slice(1)]).toEqual([
      pgEnv.POSTGRES_USER,
      pgEnv.POSTGRES_PASSWORD,
      pgEnv.POSTGRES_DB,
    ]);
  });
});
