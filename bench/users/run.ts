// bench/users: GET /api/users/ (the administrators' users list) on 100,000 users in 2,000 organisations
// on PostgreSQL (issue 20 §2). Seeds a fresh database (BENCH_DATABASE_URL names the server; the bench
// creates and drops its own `bench_users` database there), starts the real server on it as `npm start`
// would, and drives each request with the built-in load generator (load.ts).

import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPostgres, runMigrations } from '../../server/src/db/client.ts';
import { seedDemo } from '../../server/src/db/seed/demo.ts';
import { seedReferenceData } from '../../server/src/db/seed/reference.ts';
import { bearer, freshPostgres, startServer } from '../lib/server.ts';
import { runLoad } from './load.ts';
import { seedBenchUsers } from './seed.ts';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const ORGANISATIONS = Number(process.env.BENCH_ORGANISATIONS ?? 2_000);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const PORT = Number(process.env.BENCH_PORT ?? 18576);
const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DEMO_PASSWORD = 'cardiomap-bench-password';
const TARGET = { requestsPerSecond: 1000, p99Ms: 50 };

const dataDir = mkdtempSync(join(tmpdir(), 'cardiomap-bench-users-'));
const databaseUrl = await freshPostgres(BASE_URL, 'bench_users');
const started = Date.now();
const database = await openPostgres(databaseUrl);
let organisationIds: string[];
try {
  await runMigrations(database);
  await seedReferenceData(database.db);
  await seedDemo(database.db, { password: DEMO_PASSWORD });
  ({ organisationIds } = await seedBenchUsers(database, { users: USERS, organisations: ORGANISATIONS }));
} finally {
  await database.close();
}
console.info(
  `seeded ${USERS.toLocaleString('en')} users in ${ORGANISATIONS} organisations in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);

const org = organisationIds[Math.floor(organisationIds.length / 3)]!;
// Thousands of different terms ("Smith123", "Novak907", ...), none asked twice in a run: every request
// runs its search, as the first request for a term does (the server keeps a searched list's ids and
// reads later pages and repeats of it by id, so the rows above with one term show that path).
const FAMILIES = ['smith', 'meier', 'jansen', 'rossi', 'dubois', 'novak', 'garcia', 'larsen', 'kowalski', 'murphy'];
const newTerms = FAMILIES.flatMap((family) =>
  Array.from({ length: 900 }, (_, n) => `name_email_or_title=${family}${n + 100}`),
);
const scenarios: [string, string | string[]][] = [
  ['first page', 'page=1'],
  ['page 400', 'page=400'],
  ['search "smith1"', 'name_email_or_title=smith1'],
  ['search one e-mail', 'name_email_or_title=bench-user-4242%40'],
  ['organisation filter, page 2', `organisation_id=${org}&page=2`],
  ['search + organisation + page', `name_email_or_title=mar&organisation_id=${org}&page=1`],
  ['search, a new term each request', newTerms],
];

const server = await startServer(PORT, {
  DATA_DIR: dataDir,
  DEMO_PASSWORD,
  ACCESS_TOKEN_MINUTES: '60',
  DATABASE_URL: databaseUrl,
  RUN_WORKERS: 'false',
});
const rows: Record<string, string | number>[] = [];
try {
  const headers = await bearer(server.url, 'superuser@cardiomap.test', DEMO_PASSWORD);
  for (const [name, query] of scenarios) {
    const urlOf = (q: string) => `${server.url}/api/users/?page_size=15&${q}`;
    const url = typeof query === 'string' ? urlOf(query) : query.map(urlOf);
    const probe = await fetch(typeof url === 'string' ? url : url[0]!, { headers });
    if (!probe.ok) throw new Error(`${name}: ${probe.status} ${await probe.text()}`);
    const { count } = (await probe.json()) as { count: number };
    // Warm-up; the term list is rotated so the measured run still asks terms not asked before.
    await runLoad({
      url: typeof url === 'string' ? url : [...url].reverse(),
      headers,
      connections: CONNECTIONS,
      durationS: 2,
    });
    const load = loadavg()[0]!;
    const r = await runLoad({ url, headers, connections: CONNECTIONS, durationS: DURATION_S });
    const meets = r.requestsPerSecond >= TARGET.requestsPerSecond && r.p99Ms <= TARGET.p99Ms;
    rows.push({
      request: name,
      count,
      'req/s': r.requestsPerSecond,
      'p50 ms': r.p50Ms,
      'p99 ms': r.p99Ms,
      'non-2xx': r.non2xx,
      errors: r.errors,
      'load 1m': load.toFixed(2),
      'vs target': meets ? 'meets target' : 'below target',
    });
    console.info(`  ${name}: ${r.requestsPerSecond} req/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms`);
  }
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
console.info(
  `\nGET /api/users/ on ${USERS.toLocaleString('en')} users, PostgreSQL — ${DURATION_S} s each, ${CONNECTIONS} connections, ${cpus().length} cores`,
);
console.info(`target: ≥ ${TARGET.requestsPerSecond} req/s, p99 ≤ ${TARGET.p99Ms} ms`);
console.table(rows);
