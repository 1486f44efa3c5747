import { JobStatus } from '@cardiomap/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCases } from '../../src/db/seed/demo-cases.ts';
import { placeDemoWorkInCaseTimeline } from '../../src/db/seed/demo-timeline.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** Issue 30 #16: the demo's completed case shows no work dated after its delivery. */
describe('demo work in its case timeline', () => {
  let t: TestApp;
  const caseOf = async (patient: string) => {
    const [row] = await t.database.query<{ id: string; submitted: Date; completed: Date | null; by: string }>(
      `SELECT id, date_submitted AS submitted, date_completed AS completed, created_by_id AS by
         FROM cases WHERE patient_identifier = $1`,
      [patient],
    );
    if (!row) throw new Error(`no demo case ${patient}`);
    return row;
  };
  /** An upload and an ingest + surface job made now, as the first start makes them. */
  const workOf = async (caseId: string, by: string, statuses: [number, number]) => {
    const madeAt = new Date().toISOString();
    const [upload] = await t.database.query<{ id: string }>(
      `INSERT INTO input_data (case_id, name, filename, mime_type, source_version, source_client, storage_key,
                               upload_successful, status, created_by_id, date_confirmed)
       VALUES ($1, 'Patient Images', 'demo.zip', 'application/zip', 'demo', 'demo-seed', 'k', true, 2, $2, $3)
       RETURNING id`,
      [caseId, by, madeAt],
    );
    for (const [index, name] of (['ingest', 'surface'] as const).entries()) {
      await t.database.query(
        `INSERT INTO jobs (case_id, input_data_id, job_type_id, params, status, log, date_created, date_started, date_finished)
         SELECT $1, $2, id, '{}'::jsonb, $3::int,
                jsonb_build_array(jsonb_build_object('at', $6::timestamptz + $4 * interval '1 minute', 'message', 'Queued.')),
                $6::timestamptz + $4 * interval '1 minute', $6::timestamptz + $4 * interval '1 minute' + interval '5 seconds',
                CASE WHEN $3::int >= ${JobStatus.COMPLETED} THEN $6::timestamptz + $4 * interval '1 minute' + interval '40 seconds' END
           FROM job_types WHERE name = $5`,
        [caseId, upload?.id, statuses[index], index, name, madeAt],
      );
    }
  };
  const jobsOf = (caseId: string) =>
    t.database.query<{ created: Date; started: Date | null; finished: Date | null; loggedAt: string }>(
      `SELECT date_created AS created, date_started AS started, date_finished AS finished, log->0->>'at' AS "loggedAt"
         FROM jobs WHERE case_id = $1 ORDER BY date_created`,
      [caseId],
    );

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoCases(t.database.db);
  }, 180_000);
  afterAll(async () => t.close());

  it("moves a completed case's ended jobs and upload to an hour after submission, keeping their spacing", async () => {
    const done = await caseOf('DEMO-PAT-0003');
    const running = await caseOf('DEMO-PAT-0002');
    await workOf(done.id, done.by, [JobStatus.COMPLETED, JobStatus.COMPLETED]);
    await workOf(running.id, running.by, [JobStatus.COMPLETED, JobStatus.COMPLETED]);
    const before = await jobsOf(running.id);

    expect(await placeDemoWorkInCaseTimeline(t.database.db)).toBe(2);

    const jobs = await jobsOf(done.id);
    const submitted = new Date(done.submitted).getTime();
    expect(new Date(jobs[0]?.created ?? 0).getTime()).toBe(submitted + 3_600_000);
    expect(new Date(jobs[1]?.created ?? 0).getTime() - new Date(jobs[0]?.created ?? 0).getTime()).toBe(60_000);
    for (const job of jobs) {
      expect(new Date(job.finished ?? 0).getTime()).toBeLessThan(new Date(done.completed ?? 0).getTime());
      expect(new Date(job.loggedAt).getTime()).toBe(new Date(job.created).getTime());
    }
    const [upload] = await t.database.query<{ confirmed: Date }>(
      `SELECT date_confirmed AS confirmed FROM input_data WHERE case_id = $1`,
      [done.id],
    );
    expect(new Date(upload?.confirmed ?? 0).getTime()).toBeLessThanOrEqual(new Date(jobs[0]?.created ?? 0).getTime());
    // A case still in progress keeps its work where it is.
    expect(await jobsOf(running.id)).toEqual(before);
    // Idempotent: a later start finds nothing to move.
    expect(await placeDemoWorkInCaseTimeline(t.database.db)).toBe(0);
  });

  it('waits while a job of the completed case is still queued or running', async () => {
    const done = await caseOf('DEMO-PAT-0003');
    await t.database.query(`DELETE FROM jobs WHERE case_id = $1`, [done.id]);
    await workOf(done.id, done.by, [JobStatus.COMPLETED, JobStatus.RUNNING]);
    expect(await placeDemoWorkInCaseTimeline(t.database.db)).toBe(0);
    await t.database.query(`UPDATE jobs SET status = $2, date_finished = now() WHERE case_id = $1 AND status = $3`, [
      done.id,
      JobStatus.COMPLETED,
      JobStatus.RUNNING,
    ]);
    expect(await placeDemoWorkInCaseTimeline(t.database.db)).toBe(2);
  });
});
