import { describe, expect, it } from 'vitest';
import { IngestThreadError, ingestThreads } from '../../../src/imaging/ingest/ingest-threads.ts';
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
});
