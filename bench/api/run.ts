// bench/api: requests per second and latency of GET /api/userinfo/ with a valid token (issue 2 §6).
// Starts the real server as a child process, as `npm start` would, once on PGlite and once on
// PostgreSQL (BENCH_DATABASE_URL, else TEST_DATABASE_URL), and drives it with autocannon from this
// process, so the load generator shares the machine with the server, as the target says.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const DURATION_S = Number(process.env.BENCH_DURATION ?? 30);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const PORT = Number(process.env.BENCH_PORT ?? 18495);
const DEMO_PASSWORD = 'cardiomap-bench-password';
const TARGET = { requestsPerSecond: 3000, p99Ms: 20 };

interface Figures {
  database: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

async function waitForHealth(url: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    const ok = await fetch(`${url}/api/health/`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not become healthy within 120 s');
}

/** A fresh, empty PostgreSQL database next to the given one, so the bench never touches real data. */
async function freshPostgres(baseUrl: string): Promise<string> {
  const url = new URL(baseUrl);
  const name = 'cardiomap_bench';
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  url.pathname = `/${name}`;
  return url.toString();
}

async function measure(database: string, extraEnv: Record<string, string>): Promise<Figures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cardiomap-bench-'));
  const url = `http://127.0.0.1:${PORT}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_PASSWORD,
      DATABASE_URL: '',
      ...extraEnv,
    },
  });
  try {
    await waitForHealth(url, server);
    const signIn = await fetch(`${url}/api/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'physician@cardiomap.test', password: DEMO_PASSWORD }),
    });
    if (!signIn.ok) throw new Error(`sign-in failed with ${signIn.status}`);
    const { access } = (await signIn.json()) as { access: string };
    const headers = { authorization: `Bearer ${access}` };
    // Warm up the JIT, the pool and the caches before measuring.
    await autocannon({ url: `${url}/api/userinfo/`, headers, connections: CONNECTIONS, duration: 5 });
    const result = await autocannon({
      url: `${url}/api/userinfo/`,
      headers,
      connections: CONNECTIONS,
      duration: DURATION_S,
    });
    return {
      database,
      requestsPerSecond: Math.round(result.requests.average),
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      errors: result.errors + result.timeouts,
      non2xx: result.non2xx,
    };
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function print(rows: Figures[]): void {
  console.info(`\nGET /api/userinfo/ — ${DURATION_S} s, ${CONNECTIONS} connections, ${cpus().length} cores`);
  console.info(`target (PostgreSQL): ≥ ${TARGET.requestsPerSecond} req/s, p99 < ${TARGET.p99Ms} ms\n`);
  console.table(
    rows.map((row) => ({
      database: row.database,
      'req/s': row.requestsPerSecond,
      'p50 ms': row.p50Ms,
      'p99 ms': row.p99Ms,
      errors: row.errors,
      'non-2xx': row.non2xx,
      'vs target': row.database === 'PostgreSQL' ? verdict(row) : '(target is for PostgreSQL)',
    })),
  );
}

const verdict = (row: Figures) =>
  row.requestsPerSecond >= TARGET.requestsPerSecond && row.p99Ms < TARGET.p99Ms ? 'meets target' : 'below target';

const rows: Figures[] = [await measure('PGlite', {})];
const postgres = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (postgres) rows.push(await measure('PostgreSQL', { DATABASE_URL: await freshPostgres(postgres) }));
else console.warn('No BENCH_DATABASE_URL or TEST_DATABASE_URL: PostgreSQL skipped.');
print(rows);
