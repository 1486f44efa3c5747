import { randomUUID } from 'node:crypto';
import { CaseStatus } from '@cardiomap/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryOn } from '../../src/db/query.ts';
import * as jobRuns from '../../src/jobs/runs-repository.ts';
import { insertJob } from '../../src/modules/jobs/index.ts';
import { insertCase } from '../cases/case-fixtures.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { insertLostUpload } from '../imaging/api/imaging-fixtures.ts';

/** A run's progress is written under its lease only, like its heartbeat and its log. */
describe('recordProgress', () => {
  let t: TestApp;
  const query = () => queryOn(t.database.db);
  const progressOf = async (jobId: string) => {
    const [row] = await t.database.query<{ summary: { progress?: number } | null }>(
      'SELECT summary FROM jobs WHERE id = $1',
      [jobId],
    );
    return row?.summary?.progress;
  };
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  async function claimedJob() {
    const c = await insertCase(t, { status: CaseStatus.SUBMITTED });
    const job = await insertJob(query(), {
      caseId: c.id,
      inputDataId: await insertLostUpload(t, c.id),
      jobType: 'ingest',
      params: {},
      createdById: null,
    });
    const lease = { jobId: job.id, leaseId: randomUUID() };
    expect(await jobRuns.claimRun(query(), job.id, lease.leaseId)).toBeTruthy();
    return lease;
  }

  it('writes the progress of the run that holds the lease', async () => {
    const run = await claimedJob();
    await jobRuns.recordProgress(query(), run, 41.6);
    expect(await progressOf(run.jobId)).toBe(42);
  });

  it('ignores a run that lost its lease to another', async () => {
    const run = await claimedJob();
    await jobRuns.recordProgress(query(), run, 30);
    // Another worker took the job over (as after a missed heartbeat): the old run's writes must not land.
    await t.database.query('UPDATE jobs SET lease_id = $2 WHERE id = $1', [run.jobId, randomUUID()]);
    await jobRuns.recordProgress(query(), run, 95);
    expect(await progressOf(run.jobId)).toBe(30);
  });
});
