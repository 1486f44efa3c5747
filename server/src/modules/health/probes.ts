import type { FastifyInstance } from 'fastify';

export type ProbeOutcome = { status: 'ok' | 'unavailable' | 'timeout'; ms: number };

/**
 * The probe's outcome within `timeoutMs`: a hung database or bucket must not hang the check (a load
 * balancer or orchestrator gives up after a second or two). The probe itself is left to finish or fail.
 */
export async function bounded(probe: () => Promise<void>, timeoutMs: number): Promise<ProbeOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<ProbeOutcome>((resolve) => {
    timer = setTimeout(() => resolve({ status: 'timeout', ms: timeoutMs }), timeoutMs);
  });
  const answered = probe().then(
    () => ({ status: 'ok' as const, ms: elapsed() }),
    () => ({ status: 'unavailable' as const, ms: elapsed() }),
  );
  return Promise.race([answered, timeout]).finally(() => clearTimeout(timer));
}

export async function probeDatabase(app: FastifyInstance): Promise<void> {
  await app.database.query('SELECT 1');
}

/** Writes and removes a probe object through the storage driver, so a read-only disk or a bucket out of reach shows. */
export async function probeStorage(app: FastifyInstance): Promise<void> {
  const probe = `health/probe-${process.pid}`;
  await app.storage.write(probe, Buffer.from('ok'));
  await app.storage.delete(probe);
}
