import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CaseStatus, InputDataStatus, JobStatus } from '@cardiomap/contract';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryOn } from '../../../src/db/query.ts';
import { createIngestHandler, MAX_ATTEMPTS } from '../../../src/jobs/ingest/run-ingest.ts';
import type { JobMessage, JobQueue } from '../../../src/jobs/job-queue.ts';
import { createJobRunner } from '../../../src/jobs/job-runner.ts';
import { createReportHandler } from '../../../src/jobs/report/run-report.ts';
import { createSurfaceHandler } from '../../../src/jobs/surface/run-surface.ts';
import type { WorkerDeps } from '../../../src/jobs/worker-deps.ts';
import { InvalidJobPayload, insertJob } from '../../../src/modules/jobs/index.ts';
import { insertCase } from '../../cases/case-fixtures.ts';
import { createTestApp, type TestApp } from '../../helpers/test-app.ts';
import { insertLostUpload } from '../api/imaging-fixtures.ts';

/**
 * The generic runner around the ingest handler, driven one delivery at a time (no pg-boss, no waiting
 * out the retry delays): attempts, retries, the final failure and what it does to the case, and a job
 * whose parameters are not its type's.
 */
describe('job runner', () => {
  let t: TestApp;
  let tempDir: string;
  const sent: { queue: string; message: JobMessage; startAfterSeconds?: number }[] = [];
  const logged: { level: 'info' | 'error'; fields: Record<string, unknown>; message: string }[] = [];
  let runner: ReturnType<typeof createJobRunner>;

  beforeAll(async () => {
    t = await createTestApp();
    tempDir = await mkdtemp(join(tmpdir(), 'cm-job-runner-'));
    const queue: JobQueue = {
      send: async (name, message, options) => {
        sent.push({ queue: name, message, startAfterSeconds: options?.startAfterSeconds });
      },
      work: async () => undefined,
      channel: () => ({ send: async () => undefined, work: async () => undefined }),
      depth: async () => [],
      fail: async () => undefined,
      stop: async () => undefined,
    };
    const record = (level: 'info' | 'error') => (fields: Record<string, unknown>, message: string) => {
      logged.push({ level, fields, message });
    };
    // Only the two levels the runner writes; anything else would throw and fail the test.
    const log = { info: record('info'), error: record('error') } as unknown as FastifyBaseLogger;
    const deps: WorkerDeps = {
      database: t.database,
      storage: t.app.storage,
      queue,
      log,
      tempDir,
      webAppUrl: 'http://localhost:8080',
    };
    runner = createJobRunner(deps, 'imaging', {
      ingest: createIngestHandler(deps),
      surface: createSurfaceHandler(deps),
      report: createReportHandler(deps),
    });
  });
  afterAll(async () => {
    await runner.stop();
    await t.close();
    await rm(tempDir, { recursive: true, force: true });
  });

  /** A submitted case with a confirmed upload whose object is missing from storage: reading it fails. */
  async function submittedCaseWithLostUpload() {
    const c = await insertCase(t, { status: CaseStatus.SUBMITTED });
    return { caseId: c.id, inputDataId: await insertLostUpload(t, c.id) };
  }

  const jobRow = async (id: string) =>
    (
      await t.database.query<{ status: number; attempts: number; summary: unknown; log: { message: string }[] }>(
        'SELECT status, attempts, summary, log FROM jobs WHERE id = $1',
        [id],
      )
    )[0];
  const caseStatus = async (id: string) =>
    (await t.database.query<{ status: number }>('SELECT status FROM cases WHERE id = $1', [id]))[0]?.status;
  const inputData = async (id: string) =>
    (
      await t.database.query<{ status: number; reasons: string[] }>(
        'SELECT status, reasons FROM input_data WHERE id = $1',
        [id],
      )
    )[0];

  it('retries a fault with a growing delay, then fails the job and marks the case could not be processed', async () => {
    const { caseId, inputDataId } = await submittedCaseWithLostUpload();
    const job = await insertJob(queryOn(t.database.db), {
      caseId,
      inputDataId,
      jobType: 'ingest',
      params: {},
      createdById: null,
    });
    sent.length = 0;
    logged.length = 0;

    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      await runner.run({ jobId: job.id });
      const row = await jobRow(job.id);
      expect(row).toMatchObject({ status: JobStatus.QUEUED, attempts: attempt });
      expect(row?.log.at(-1)?.message).toMatch(
        new RegExp(`^Attempt ${attempt} failed: No object at input-data/missing/upload\\.zip`),
      );
      // Sent again for later: pg-boss delivers it then, to whichever worker is free.
      expect(sent.at(-1)).toEqual({ queue: 'imaging', message: { jobId: job.id }, startAfterSeconds: 5 * attempt });
      expect(await caseStatus(caseId)).toBe(CaseStatus.SUBMITTED);
    }
    await runner.run({ jobId: job.id });

    const row = await jobRow(job.id);
    expect(row).toMatchObject({ status: JobStatus.FAILED, attempts: MAX_ATTEMPTS, summary: { outcome: 'failed' } });
    expect(row?.log.map((l) => l.message)).toEqual([
      'Queued.',
      'Started (attempt 1).',
      'Reading the upload (? bytes) in place in storage.',
      expect.stringMatching(/^Attempt 1 failed/),
      'Started (attempt 2).',
      'Reading the upload (? bytes) in place in storage.',
      expect.stringMatching(/^Attempt 2 failed/),
      'Started (attempt 3).',
      'Reading the upload (? bytes) in place in storage.',
      expect.stringMatching(/^Failed: No object at input-data\/missing\/upload\.zip/),
    ]);
    expect(sent).toHaveLength(MAX_ATTEMPTS - 1);
    expect(await caseStatus(caseId)).toBe(CaseStatus.COULD_NOT_BE_PROCESSED);
    expect(await inputData(inputDataId)).toEqual({
      status: InputDataStatus.FAILED,
      reasons: ['The images could not be processed. Our team has been notified and will look into it.'],
    });
    expect(logged.map((l) => [l.level, l.message, l.fields.attempt])).toEqual([
      ['error', 'ingest failed', 1],
      ['error', 'ingest failed', 2],
      ['error', 'ingest failed', 3],
    ]);
    // Each run's folder went with it.
    expect(await readdir(tempDir)).toEqual([]);

    // A delivery of a job that has ended does nothing.
    await runner.run({ jobId: job.id });
    expect((await jobRow(job.id))?.attempts).toBe(MAX_ATTEMPTS);
  });

  it('fails a job whose parameters are not its type’s at once, with the field in its log, and runs the next', async () => {
    const { caseId, inputDataId } = await submittedCaseWithLostUpload();
    // Written past insertJob, which would refuse it: as an older or newer version might have left it.
    const [bad] = await t.database.query<{ id: string }>(
      `INSERT INTO jobs (case_id, input_data_id, job_type_id, params)
       SELECT $1, $2, id, '{"seriesUid": 42}'::jsonb FROM job_types WHERE name = 'ingest' RETURNING id`,
      [caseId, inputDataId],
    );
    sent.length = 0;
    logged.length = 0;

    await expect(runner.run({ jobId: bad?.id ?? '' })).resolves.toBeUndefined();

    const row = await jobRow(bad?.id ?? '');
    expect(row).toMatchObject({ status: JobStatus.FAILED, attempts: 1 });
    expect(row?.summary).toEqual({
      outcome: 'failed',
      reasons: [expect.stringMatching(/^The ingest job's parameters are not valid \(params\.seriesUid: /)],
    });
    expect(row?.log.map((l) => l.message)).toEqual([
      'Started (attempt 1).',
      expect.stringMatching(/^Failed: The ingest job's parameters are not valid/),
    ]);
    expect(sent).toEqual([]); // No attempt would fix it.
    expect(logged).toEqual([
      {
        level: 'error',
        fields: expect.objectContaining({ jobId: bad?.id, err: expect.any(InvalidJobPayload) }),
        message: 'ingest failed',
      },
    ]);
    // The ingest's own failure still applies: the clinician is told, the case does not wait forever.
    expect(await caseStatus(caseId)).toBe(CaseStatus.COULD_NOT_BE_PROCESSED);
    expect((await inputData(inputDataId))?.status).toBe(InputDataStatus.FAILED);

    // The runner goes on with the next job: one of a canceled case completes with nothing to do.
    const canceled = await insertCase(t, { status: CaseStatus.CANCELED });
    const next = await insertJob(queryOn(t.database.db), {
      caseId: canceled.id,
      inputDataId: await insertLostUpload(t, canceled.id),
      jobType: 'ingest',
      params: {},
      createdById: null,
    });
    await runner.run({ jobId: next.id });
    expect(await jobRow(next.id)).toMatchObject({ status: JobStatus.COMPLETED, summary: { outcome: 'skipped' } });
  });

  it('fails a job of a type it has no handler for, and changes nothing else', async () => {
    const c = await insertCase(t, { status: CaseStatus.SUBMITTED });
    const [job] = await t.database.query<{ id: string }>(
      `WITH t AS (INSERT INTO job_types (name, description, queue_id)
                  SELECT 'mystery', 'Not in the registry', id FROM queues WHERE name = 'imaging' RETURNING id)
       INSERT INTO jobs (case_id, job_type_id) SELECT $1, id FROM t RETURNING id`,
      [c.id],
    );
    await runner.run({ jobId: job?.id ?? '' });
    expect(await jobRow(job?.id ?? '')).toMatchObject({
      status: JobStatus.FAILED,
      summary: { outcome: 'failed', reasons: ['No job type mystery is known here.'] },
    });
    expect(await caseStatus(c.id)).toBe(CaseStatus.SUBMITTED);
  });

  it('refuses to queue a payload that is not its type’s, and writes nothing', async () => {
    const c = await insertCase(t, { status: CaseStatus.SUBMITTED });
    const query = queryOn(t.database.db);
    const count = async () =>
      (await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM jobs WHERE case_id = $1', [c.id]))[0]?.n;
    const job = { caseId: c.id, inputDataId: null, createdById: null } as const;
    // The types refuse these; the schemas refuse them again for a caller the types do not see.
    // @ts-expect-error seriesUid is a string
    await expect(insertJob(query, { ...job, jobType: 'ingest', params: { seriesUid: 42 } })).rejects.toThrow(
      /^The ingest job's parameters are not valid \(params\.seriesUid: /,
    );
    // @ts-expect-error a surface job takes no series
    await expect(insertJob(query, { ...job, jobType: 'surface', params: { seriesUid: '1.2' } })).rejects.toThrow(
      InvalidJobPayload,
    );
    // @ts-expect-error no such job type
    await expect(insertJob(query, { ...job, jobType: 'mystery', params: {} })).rejects.toThrow(InvalidJobPayload);
    expect(await count()).toBe(0);
    // The queue's message names a job by its id, and nothing else.
    await expect(t.app.queue.send('imaging', { jobId: 'not-a-job' })).rejects.toThrow();
  });
});
