import { describe, expect, it } from 'vitest';
import { createIngestThreads, IngestThreadError, ingestThreads } from '../../../src/imaging/ingest/ingest-threads.ts';
import { phantomSeries } from '../../../src/imaging/testing/phantom.ts';
import { openZip } from '../../../src/imaging/zip/read-zip.ts';
import { scratch } from './ingest-fixtures.ts';

describe('the ingest threads', () => {
  it('answer each task with its own outcome, spread over every thread', async () => {
    const s = await scratch();
    try {
      await s.zip(phantomSeries({ count: 12 }));
      const { entries } = await openZip(s.zipPath);
      const threads = ingestThreads();
      expect(threads.size).toBeGreaterThanOrEqual(1);
      const outcomes = await Promise.all(entries.map((e) => threads.scan({ source: e.source })));
      expect(outcomes.map((o) => (o.kind === 'usable' ? o.instance.instanceNumber : o.kind))).toEqual(
        Array.from({ length: 12 }, (_, i) => i + 1),
      );
    } finally {
      await s.cleanup();
    }
  }, 60_000);

  it('reject a task whose file cannot be read with the I/O error, and go on with the next', async () => {
    const s = await scratch();
    try {
      await s.zip(phantomSeries({ count: 1 }));
      const [entry] = (await openZip(s.zipPath)).entries;
      const threads = ingestThreads();
      const missing = threads.scan({ source: { ...entry!.source, file: `${s.zipPath}.gone` } });
      await expect(missing).rejects.toBeInstanceOf(IngestThreadError);
      await expect(missing).rejects.toMatchObject({ code: 'ENOENT' });
      await expect(threads.scan({ source: entry!.source })).resolves.toMatchObject({ kind: 'usable' });
    } finally {
      await s.cleanup();
    }
  }, 60_000);

  it('stop when idle for their delay; once warmed up for an upload, only after the time asked', async () => {
    const s = await scratch();
    try {
      await s.zip(phantomSeries({ count: 1 }));
      const [entry] = (await openZip(s.zipPath)).entries;
      const idleMs = 200;
      const pool = createIngestThreads(1, { idleMs });
      await expect(pool.scan({ source: entry!.source })).resolves.toMatchObject({ kind: 'usable' });
      expect(pool.running).toBe(1);
      await expect.poll(() => pool.running, { timeout: 5000 }).toBe(0);

      // Asked to stay for an upload, an idle thread outlives the idle delay, until the time asked.
      await expect(pool.scan({ source: entry!.source })).resolves.toMatchObject({ kind: 'usable' });
      const keepMs = 3000;
      const asked = Date.now();
      pool.warmUp(keepMs);
      expect(pool.keptUntil).toBeGreaterThanOrEqual(asked + keepMs);
      await new Promise((resolve) => setTimeout(resolve, 4 * idleMs));
      expect(pool.running).toBe(1);
      await expect.poll(() => pool.running, { timeout: 10_000 }).toBe(0);
      expect(Date.now()).toBeGreaterThanOrEqual(asked + keepMs);

      // Warming up starts every thread at once, before any task (each compiles its code on the sample),
      // and a task after it is answered as ever (it waits for the warm-up on its thread).
      const warm = createIngestThreads(2, { idleMs });
      warm.warmUp(idleMs);
      expect(warm.running).toBe(2);
      await expect(warm.scan({ source: entry!.source })).resolves.toMatchObject({ kind: 'usable' });
    } finally {
      await s.cleanup();
    }
  }, 60_000);
});
