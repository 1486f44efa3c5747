// bench/cases: the case list on 100,000 cases across 200 organisations (issue 3 §4). Seeds a fresh
// database in this process, then starts the real server on it as a child process, as `npm start` would,
// and drives four case-list requests with autocannon, once on PGlite and once on PostgreSQL
// (BENCH_DATABASE_URL, else TEST_DATABASE_URL).
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { openPglite, openPostgres, runMigrations } from '../../server/src/db/client.ts';
import { seedDemo } from '../../server/src/db/seed/demo.ts';
import { seedReferenceData } from '../../server/src/db/seed/reference.ts';
import { bearer, freshPostgres, type RunningServer, startServer } from '../lib/server.ts';
import { type SeededBench, seedBenchCases } from './seed.ts';

const CASES = Number(process.env.BENCH_CASES ?? 100_000);
const ORGANISATIONS = Number(process.env.BENCH_ORGANISATIONS ?? 200);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 30);
const WARM_UP_S = 3;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const PORT = Number(process.env.BENCH_PORT ?? 18496);
const DEEP_PAGE = Number(process.env.BENCH_DEEP_PAGE ?? 3000);
/** The sequence part of an identifier: one TAVI case in about every organisation. */
const SEARCH = process.env.BENCH_SEARCH ?? 'TAVI-00123';
const DEMO_PASSWORD = 'cardiomap-bench-password';
const SUPERUSER = 'superuser@cardiomap.test';
const TARGET = { requestsPerSecond: 1000, p99Ms: 50 };

interface Scenario {
  name: string;
  email: string;
  query: string;
}

interface Figures {
  database: string;
  scenario: string;
  count: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  load: number;
}

/** The superuser sees every case; the organisation filter is the one of a member of two organisations. */
const scenarios = (seeded: SeededBench): Scenario[] => [
  { name: 'first page', email: SUPERUSER, query: 'page=1' },
  { name: `page ${DEEP_PAGE}`, email: SUPERUSER, query: `page=${DEEP_PAGE}` },
  { name: `search "${SEARCH}"`, email: SUPERUSER, query: `search=${encodeURIComponent(SEARCH)}` },
  {
    name: 'organisation filter',
    email: seeded.memberEmail,
    query: `organisation_id=${seeded.organisations[1]!.id}`,
  },
];

/** Migrations, reference and demo data as at every start, then the bench's organisations and cases. */
async function seed(databaseUrl: string | undefined, dataDir: string): Promise<SeededBench> {
  const started = Date.now();
  const database = databaseUrl ? await openPostgres(databaseUrl) : await openPglite(join(dataDir, 'db'));
  try {
    await runMigrations(database);
    await seedReferenceData(database.db);
    await seedDemo(database.db, { password: DEMO_PASSWORD });
    const seeded = await seedBenchCases(database, { cases: CASES, organisations: ORGANISATIONS });
    console.info(
      `  seeded ${CASES.toLocaleString('en')} cases in ${ORGANISATIONS} organisations in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    return seeded;
  } finally {
    await database.close();
  }
}

async function measureOne(server: RunningServer, database: string, scenario: Scenario): Promise<Figures> {
  const headers = await bearer(server.url, scenario.email, DEMO_PASSWORD);
  const url = `${server.url}/api/cases/?${scenario.query}`;
  const probe = await fetch(url, { headers });
  if (!probe.ok) throw new Error(`${scenario.name}: GET ${url} answered ${probe.status}: ${await probe.text()}`);
  const body = (await probe.json()) as { count: number; results: unknown[] };
  console.info(`  ${scenario.name}: count ${body.count}, ${body.results.length} on the page`);
  await autocannon({ url, headers, connections: CONNECTIONS, duration: WARM_UP_S });
  const load = loadavg()[0]!;
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_S });
  return {
    database,
    scenario: scenario.name,
    count: body.count,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    load,
  };
}

async function measure(database: string, databaseUrl?: string): Promise<Figures[]> {
  console.info(`\n${database}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'cardiomap-bench-cases-'));
  try {
    const seeded = await seed(databaseUrl, dataDir);
    const server = await startServer(PORT, {
      DATA_DIR: dataDir,
      DEMO_PASSWORD,
      ACCESS_TOKEN_MINUTES: '60',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    try {
      const figures: Figures[] = [];
      for (const scenario of scenarios(seeded)) figures.push(await measureOne(server, database, scenario));
      return figures;
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const verdict = (row: Figures) =>
  row.requestsPerSecond >= TARGET.requestsPerSecond && row.p99Ms < TARGET.p99Ms ? 'meets target' : 'below target';

function print(rows: Figures[], loadBefore: number[]): void {
  console.info(
    `\nGET /api/cases/ on ${CASES.toLocaleString('en')} cases — ${DURATION_S} s each, ${CONNECTIONS} connections, ${cpus().length} cores`,
  );
  console.info(`load average before the bench: ${loadBefore.map((l) => l.toFixed(2)).join(', ')}`);
  console.info(`target (PostgreSQL): ≥ ${TARGET.requestsPerSecond} req/s, p99 < ${TARGET.p99Ms} ms for each\n`);
  console.table(
    rows.map((row) => ({
      database: row.database,
      request: row.scenario,
      count: row.count,
      'req/s': row.requestsPerSecond,
      'p50 ms': row.p50Ms,
      'p99 ms': row.p99Ms,
      errors: row.errors,
      'non-2xx': row.non2xx,
      'load 1m': row.load.toFixed(2),
      'vs target': row.database === 'PostgreSQL' ? verdict(row) : '(target is for PostgreSQL)',
    })),
  );
}

const loadBefore = loadavg();
const databases = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',');
const postgres = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const rows = databases.includes('pglite') ? await measure('PGlite') : [];
if (!databases.includes('postgres')) {
  // Asked for PGlite only.
} else if (postgres) {
  rows.push(...(await measure('PostgreSQL', await freshPostgres(postgres, 'cardiomap_bench_cases'))));
} else console.warn('No BENCH_DATABASE_URL or TEST_DATABASE_URL: PostgreSQL skipped.');
print(rows, loadBefore);
