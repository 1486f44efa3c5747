// A small closed-loop load generator: N connections (keep-alive) each sending the next request as soon as
// the previous answer is in, for a fixed time. Latencies are kept whole, so p50/p99 are exact.
import http from 'node:http';

export interface LoadResult {
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

function get(agent: http.Agent, url: URL, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

export async function runLoad(options: {
  /** One URL, or several asked in turn (a new search term each request, say). */
  url: string | readonly string[];
  headers: Record<string, string>;
  connections: number;
  durationS: number;
}): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const urls = (typeof options.url === 'string' ? [options.url] : options.url).map((u) => new URL(u));
  let next = 0;
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  const started = process.hrtime.bigint();
  const deadline = started + BigInt(options.durationS * 1e9);
  const worker = async () => {
    while (process.hrtime.bigint() < deadline) {
      const t0 = process.hrtime.bigint();
      try {
        const url = urls[next++ % urls.length]!;
        const status = await get(agent, url, options.headers);
        if (status < 200 || status >= 300) non2xx += 1;
        latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
      } catch {
        errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: options.connections }, worker));
  const elapsedS = Number(process.hrtime.bigint() - started) / 1e9;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    requestsPerSecond: Math.round(latencies.length / elapsedS),
    p50Ms: Number(percentile(latencies, 50).toFixed(1)),
    p99Ms: Number(percentile(latencies, 99).toFixed(1)),
    non2xx,
    errors,
  };
}
