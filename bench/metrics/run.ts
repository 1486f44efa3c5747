// bench/metrics: what the Prometheus metrics cost a request (issue 22 §2). The real server (PGlite) is
// started twice (no workers: a seed's ingest would swamp the figures), without metrics and with METRICS_PORT + METRICS_TOKEN, and GET /api/userinfo/ is
// driven by autocannon against each in turn; a scrape at the end shows the series were recorded.
//   cd bench && node --import tsx metrics/run.ts     (BENCH_DURATION seconds per run, default 15)
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { bearer, startServer } from '../lib/server.ts';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const PORT = Number(process.env.BENCH_PORT ?? 18496);
const METRICS_PORT = PORT + 1;
const TOKEN = 'bench-metrics-token-0123456789abcdef';
const DEMO_PASSWORD = 'cardiomap-bench-password';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);

interface Figures {
  metrics: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  scrapeBytes: number;
}

async function measure(label: string, extraEnv: Record<string, string>): Promise<Figures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cardiomap-bench-'));
  const server = await startServer(PORT, { DATA_DIR: dataDir, DEMO_PASSWORD, RUN_WORKERS: 'false', ...extraEnv });
  try {
    const headers = await bearer(server.url, 'physician@cardiomap.test', DEMO_PASSWORD);
    const url = `${server.url}/api/userinfo/`;
    await autocannon({ url, headers, connections: CONNECTIONS, duration: 5 });
    const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_S });
    const scrape = extraEnv.METRICS_PORT
      ? await fetch(`http://127.0.0.1:${METRICS_PORT}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
          .then((r) => r.text())
          .catch(() => '')
      : '';
    return {
      metrics: label,
      requestsPerSecond: Math.round(result.requests.average),
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      scrapeBytes: scrape.length,
    };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const withMetrics = { METRICS_PORT: String(METRICS_PORT), METRICS_TOKEN: TOKEN, HOST: '127.0.0.1' };
// Alternated, best of each kept: other work on a shared machine moves single runs far more than metrics do.
const runs: Figures[] = [];
for (let round = 0; round < ROUNDS; round++) {
  runs.push(await measure('off', {}), await measure('on', withMetrics));
}
const best = (label: string) =>
  runs.filter((r) => r.metrics === label).reduce((a, b) => (b.requestsPerSecond > a.requestsPerSecond ? b : a));
const off = best('off');
const on = best('on');
console.table(runs);
console.info(`\nGET /api/userinfo/ on PGlite — ${DURATION_S} s, ${CONNECTIONS} connections, ${cpus().length} cores`);
console.info('best of each:');
console.table([off, on]);
const cost = (1 / on.requestsPerSecond - 1 / off.requestsPerSecond) * 1e6;
console.info(
  `throughput with metrics: ${((on.requestsPerSecond / off.requestsPerSecond) * 100).toFixed(1)}% of without`,
);
console.info(`≈ ${cost.toFixed(1)} µs of server time per request (noise on a shared machine is larger than this)`);
