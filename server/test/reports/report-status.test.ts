import { JobStatus, type ReportStatus } from '@cardiomap/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signIn } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { insertReportCase, type ReportCase } from './report-fixtures.ts';

/**
 * Issue 18 §3 / spec §4, §8: what the case detail shows of a report job, from the Job rows alone (no
 * workers run here, so nothing moves underneath the assertions): the generating flag with the job's
 * progress while one is queued or running, and after a failed one the flag off and the error message.
 */
describe('GET study-report/: generating state, progress and the error of a failed generation', () => {
  let t: TestApp;
  let manager: string;
  let subject: ReportCase;

  const status = async () =>
    (
      await t.app.inject({ method: 'GET', url: `/api/study-report/${subject.studyId}/`, headers: bearer(manager) })
    ).json() as ReportStatus;
  const reportJob = async (jobStatus: number, summary: object) => {
    await t.database.query(
      `INSERT INTO jobs (case_id, job_type_id, params, status, summary, log)
       SELECT $1, t.id, $2::jsonb, $3, $4::jsonb, '[]'::jsonb FROM job_types t WHERE t.name = 'report'`,
      [
        subject.caseId,
        JSON.stringify({ studyId: subject.studyId, withSimulations: true, reason: 'requested' }),
        jobStatus,
        JSON.stringify(summary),
      ],
    );
  };
  const clearJobs = () =>
    t.database.query(
      "DELETE FROM jobs WHERE case_id = $1 AND job_type_id = (SELECT id FROM job_types WHERE name = 'report')",
      [subject.caseId],
    );

  beforeAll(async () => {
    t = await createTestApp();
    manager = (await signIn(t, 'case-manager@cardiomap.test')).access;
    subject = await insertReportCase(t);
  }, 120_000);
  afterAll(async () => t.close());

  it('is not generating and has no error before any job', async () => {
    expect(await status()).toMatchObject({ generating: false, progress: 0, error: null, report: null });
  });

  it('is generating with the running job’s progress', async () => {
    await reportJob(JobStatus.RUNNING, { progress: 50 });
    expect(await status()).toMatchObject({ generating: true, progress: 50, error: null });
    await clearJobs();
  });

  it('a queued job is generating from 0 %', async () => {
    await reportJob(JobStatus.QUEUED, {});
    expect(await status()).toMatchObject({ generating: true, progress: 0, error: null });
    await clearJobs();
  });

  it('after a failed generation the flag is off and the message is given (spec §8)', async () => {
    await reportJob(JobStatus.FAILED, {});
    expect(await status()).toMatchObject({
      generating: false,
      progress: 0,
      error: 'The report could not be generated. Please try again.',
    });
    await clearJobs();
  });
});
