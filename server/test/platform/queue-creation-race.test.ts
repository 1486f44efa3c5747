import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { createJobQueue, type JobQueue } from '../../src/jobs/job-queue.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

const onPostgres = process.env.CM_TEST_DB === 'postgres';
const QUEUES = ['imaging', 'reports', 'mail', 'exports'];

/**
 * Processes started together on a new database (an API and a worker, or the several-instances test's
 * four) each create the queues they use. pg-boss's create_queue of two different queues at once
 * deadlocks; before the retry in job-queue.ts the process that lost the race failed to start (the
 * several-instances test then waited in vain for the dead worker to take a job over). Four
 * connection pools, as four processes have, each creating two queues at once: every round of this
 * deadlocked before the fix.
 */
describe.skipIf(!onPostgres)('queues created by several processes at once', () => {
  const open: { queues: JobQueue[]; databases: Database[] } = { queues: [], databases: [] };
  afterEach(async () => {
    for (const queue of open.queues.splice(0)) await queue.stop();
    for (const database of open.databases.splice(0)) await database.close();
  });

  it('all start, and each queue exists once', async () => {
    for (let round = 0; round < 2; round++) {
      const fresh = await createTestDatabase();
      open.databases.push(fresh);
      const processes = await Promise.all(QUEUES.map(() => openDatabase({ databaseUrl: fresh.url, dataDir: '' })));
      open.databases.push(...processes);
      const errors: Error[] = [];
      const queues = processes.map((database) => createJobQueue(database, (error) => errors.push(error)));
      open.queues.push(...queues);

      const started = await Promise.allSettled(
        queues.flatMap((queue, i) =>
          [QUEUES[i], QUEUES[(i + 1) % QUEUES.length]].map((name) =>
            queue.channel(name as string, z.object({})).work(async () => undefined),
          ),
        ),
      );

      expect(started.flatMap((s) => (s.status === 'rejected' ? [String(s.reason)] : []))).toEqual([]);
      expect(errors).toEqual([]);
      const rows = await fresh.query<{ name: string }>('SELECT name FROM pgboss.queue ORDER BY name');
      expect(rows.map((r) => r.name)).toEqual([...QUEUES].sort());
      for (const queue of open.queues.splice(0)) await queue.stop();
    }
  }, 120_000);
});
