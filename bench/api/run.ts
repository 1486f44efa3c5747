// bench/api: requests per second and latency of GET /api/userinfo/ with a valid token (issue 2 §6).
// Starts the real server as a child process, as `npm start` would, once on PGlite and once on
// PostgreSQL (BENCH_DATABASE_URL, else TEST_DATABASE_URL), and drives it with autocannon from this
// process, so the load generator shares the machine with the server, as the target says.
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { bearer, freshPostgres, startServer } from '../lib/server.ts';

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

async function measure(database: string, extraEnv: Record<string, string>): Promise<Figures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cardiomap-bench-'));
  const server = await startServer(PORT, { DATA_DIR: dataDir, DEMO_PASSWORD, ...extraEnv }).catch((error) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  try {
    const headers = await bearer(server.url, 'physician@cardiomap.test', DEMO_PASSWORD);
    const url = `${server.url}/api/userinfo/`;
    // Warm up the JIT, the pool and the caches before measuring.
    await autocannon({ url, headers, connections: CONNECTIONS, duration: 5 });
    const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_S });
    return {
      database,
      requestsPerSecond: Math.round(result.requests.average),
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      errors: result.errors + result.timeouts,
      non2xx: result.non2xx,
    };
  } finally {
    await server.stop();
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
if (postgres) {
  rows.push(await measure('PostgreSQL', { DATABASE_URL: await freshPostgres(postgres, 'cardiomap_bench') }));
} else console.warn('No BENCH_DATABASE_URL or TEST_DATABASE_URL: PostgreSQL skipped.');
print(rows);
