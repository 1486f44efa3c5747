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
      const cold = createIngestThreads(1, { idleMs });
      await expect(cold.scan({ source: entry!.source })).resolves.toMatchObject({ kind: 'usable' });
      expect(cold.running).toBe(1);
      await expect.poll(() => cold.running, { timeout: 5000 }).toBe(0);

      const warm = createIngestThreads(2, { idleMs });
      const asked = Date.now();
      warm.warmUp(3000);
      // Every thread at once, before any task: each compiles its code on the sample.
      expect(warm.running).toBe(2);
      expect(warm.keptUntil).toBeGreaterThanOrEqual(asked + 3000);
      // A task after the warm-up is answered as ever, and idle threads outlive the idle delay.
      await expect(warm.scan({ source: entry!.source })).resolves.toMatchObject({ kind: 'usable' });
      await new Promise((resolve) => setTimeout(resolve, 4 * idleMs));
      expect(warm.running).toBe(2);
      await expect.poll(() => warm.running, { timeout: 10_000 }).toBe(0);
      expect(Date.now()).toBeGreaterThanOrEqual(asked + 3000);
    } finally {
      await s.cleanup();
    }
  }, 60_000);
});
