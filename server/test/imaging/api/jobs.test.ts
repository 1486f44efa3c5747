import { InputDataStatus, JobStatus } from '@cardiomap/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditActions, insertCase } from '../../cases/case-fixtures.ts';
import { bearer, signIn } from '../../helpers/auth.ts';
import { createTestApp, type TestApp } from '../../helpers/test-app.ts';
import { insertJob, insertLostUpload } from './imaging-fixtures.ts';

/** jobs/, job-resources/, job-types/, queues/ (spec §7). */
describe('jobs API', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const call = (who: string | null, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: who ? bearer(tokens[who] ?? '') : {}, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await createTestApp();
    for (const who of ['physician', 'other-physician', 'case-analyst', 'case-manager']) {
      tokens[who] = (await signIn(t, `${who}@cardiomap.test`)).access;
    }
  });
  afterAll(async () => t.close());

  it('lists a case’s jobs for staff who see case details; others get 401, 403 or 404', async () => {
    const c = await insertCase(t);
    const jobId = await insertJob(t, c.id, { status: JobStatus.COMPLETED });
    expect((await call(null, 'GET', `/api/jobs/?case_id=${c.id}`)).statusCode).toBe(401);
    expect((await call('other-physician', 'GET', `/api/jobs/?case_id=${c.id}`)).statusCode).toBe(404);
    expect((await call('case-analyst', 'GET', '/api/jobs/')).json()).toEqual({ case_id: ['This field is required'] });
    const list = await call('case-analyst', 'GET', `/api/jobs/?case_id=${c.id}`);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({
      count: 1,
      results: [
        {
          id: jobId,
          status: JobStatus.COMPLETED,
          jobType: { name: 'ingest' },
          queue: { name: 'imaging' },
          summary: { filesTotal: 2, filesUsed: 1, filesSetAside: 1, outcome: 'ready', reasons: [], warnings: [] },
          log: [{ message: 'Queued.' }],
          canTerminate: false,
        },
      ],
    });
    expect((await call('case-analyst', 'GET', `/api/jobs/${jobId}/`)).json().id).toBe(jobId);
    expect((await call('other-physician', 'GET', `/api/jobs/${jobId}/`)).statusCode).toBe(404);
  });

  it('serves the engineering log to staff only: the case’s physician gets the plain summary', async () => {
    const c = await insertCase(t);
    const jobId = await insertJob(t, c.id, { status: JobStatus.COMPLETED });
    for (const url of [`/api/jobs/?case_id=${c.id}`, `/api/jobs/${jobId}/`]) {
      const res = await call('physician', 'GET', url);
      expect(res.statusCode).toBe(200);
      const job = 'results' in res.json() ? res.json().results[0] : res.json();
      expect(job.log).toEqual([]);
      expect(job.summary).toMatchObject({ filesTotal: 2, filesUsed: 1, outcome: 'ready' });
    }
    const staff = (await call('case-manager', 'GET', `/api/jobs/${jobId}/`)).json();
    expect(staff.log).toEqual([expect.objectContaining({ message: 'Queued.' })]);
  });

  it('terminates a queued or running job (status 4) for those allowed, once', async () => {
    const c = await insertCase(t);
    const jobId = await insertJob(t, c.id, { status: JobStatus.RUNNING });
    expect((await call(null, 'POST', `/api/jobs/${jobId}/terminate/`)).statusCode).toBe(401);
    expect((await call('other-physician', 'POST', `/api/jobs/${jobId}/terminate/`)).statusCode).toBe(404);
    expect((await call('case-analyst', 'GET', `/api/jobs/${jobId}/`)).json().canTerminate).toBe(false);
    expect((await call('case-analyst', 'POST', `/api/jobs/${jobId}/terminate/`)).statusCode).toBe(403);
    expect((await call('case-manager', 'GET', `/api/jobs/${jobId}/`)).json().canTerminate).toBe(true);
    const res = await call('case-manager', 'POST', `/api/jobs/${jobId}/terminate/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: JobStatus.TERMINATED, canTerminate: false });
    expect(res.json().dateFinished).not.toBeNull();
    expect((await call('case-manager', 'POST', `/api/jobs/${jobId}/terminate/`)).statusCode).toBe(409);
    expect((await auditActions(t, jobId)).map((a) => a.action)).toEqual(['job.terminate']);

    const other = await insertJob(t, c.id, { status: JobStatus.QUEUED });
    expect((await call('case-manager', 'PATCH', `/api/jobs/${other}/`, { status: 2 })).json()).toEqual({
      status: ['Only terminating a job (status 4) is allowed.'],
    });
    const patched = await call('case-manager', 'PATCH', `/api/jobs/${other}/`, { status: 4 });
    expect(patched.json().status).toBe(JobStatus.TERMINATED);
  });

  it('terminating an ingest job gives back its upload while processing, and leaves a processed one', async () => {
    const c = await insertCase(t);
    const uploadStatus = async (id: string) =>
      (await t.database.query<{ status: number }>('SELECT status FROM input_data WHERE id = $1', [id]))[0]?.status;
    const terminated = async (status: number) => {
      const upload = await insertLostUpload(t, c.id);
      await t.database.query('UPDATE input_data SET status = $2 WHERE id = $1', [upload, status]);
      const jobId = await insertJob(t, c.id, { status: JobStatus.RUNNING, inputDataId: upload });
      expect((await call('case-manager', 'POST', `/api/jobs/${jobId}/terminate/`)).statusCode).toBe(200);
      return uploadStatus(upload);
    };
    expect(await terminated(InputDataStatus.PROCESSING)).toBe(InputDataStatus.UPLOADED);
    expect(await terminated(InputDataStatus.PROCESSED)).toBe(InputDataStatus.PROCESSED);
  });

  it('pages and filters the per-file report, and downloads it as CSV', async () => {
    const c = await insertCase(t);
    const files = Array.from({ length: 20 }, (_, i) => ({
      path: i === 19 ? '=cmd|evil' : `dicom/IM${i}`,
      outcome: i % 4 === 0 ? 'set-aside' : 'used',
      ...(i % 4 === 0 ? { code: 'not-ct', reason: 'MR image, not CT' } : {}),
    }));
    const jobId = await insertJob(t, c.id, { status: JobStatus.COMPLETED, files });
    expect((await call(null, 'GET', `/api/job-resources/?job_id=${jobId}`)).statusCode).toBe(401);
    expect((await call('other-physician', 'GET', `/api/job-resources/?job_id=${jobId}`)).statusCode).toBe(404);
    expect((await call('case-analyst', 'GET', '/api/job-resources/?job_id=1')).statusCode).toBe(400);
    const page2 = (await call('case-analyst', 'GET', `/api/job-resources/?job_id=${jobId}&page=2`)).json();
    expect(page2.count).toBe(20);
    expect(page2.results).toHaveLength(5);
    expect(page2.results[0].path).toBe('dicom/IM15');
    const setAside = (
      await call('case-analyst', 'GET', `/api/job-resources/?job_id=${jobId}&outcome=set-aside`)
    ).json();
    expect(setAside.count).toBe(5);
    expect(setAside.results[0]).toMatchObject({ code: 'not-ct', reason: 'MR image, not CT' });
    const csv = await call('case-analyst', 'GET', `/api/job-resources/?job_id=${jobId}&download=true`);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/attachment/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines).toHaveLength(21);
    expect(lines[1]).toBe('"dicom/IM0","10","set-aside","not-ct","MR image, not CT",""');
    // A formula in a file name is neutralised for spreadsheets.
    expect(lines[20]).toMatch(/^"'=cmd\|evil"/);
  });

  it('lists job types and queues', async () => {
    expect((await call(null, 'GET', '/api/job-types/')).statusCode).toBe(401);
    const types = (await call('case-analyst', 'GET', '/api/job-types/')).json();
    const queues = (await call('case-analyst', 'GET', '/api/queues/')).json();
    expect(types.results.map((x: { name: string }) => x.name)).toContain('ingest');
    // Reports have their own queue so a report never waits behind an ingest (issue 18).
    expect(queues.results.map((q: { name: string }) => q.name)).toEqual(['imaging', 'reports']);
    const queueOf = (type: string) => types.results.find((x: { name: string }) => x.name === type).queueId;
    expect(queueOf('ingest')).toBe(queues.results[0].id);
    expect(queueOf('report')).toBe(queues.results[1].id);
  });
});
