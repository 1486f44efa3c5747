import { JobStatus, type ReportStatus } from '@cardiomap/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signIn } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { userId } from '../orders/fixtures.ts';
import {
  inkOnFirstPage,
  insertReportCase,
  LANDMARKS,
  PLANTED_PATIENT,
  pdfLinks,
  pdfPages,
  pdfText,
  type ReportCase,
  STUDY_UID,
} from './report-fixtures.ts';

const UNKNOWN = '00000000-0000-4000-8000-0000000fffff';

describe('study-report/ and the report config', () => {
  let t: TestApp;
  /** Staff: delivers and generates; sees patient details. */
  let manager: string;
  /** The case's own clinician: reads the report with patient details. */
  let physician: string;
  /** Sees every organisation's cases but no patient details. */
  let developer: string;
  /** Another organisation. */
  let outsider: string;
  /** A colleague the case was shared with: no patient details. */
  let shared: string;
  let subject: ReportCase;

  const as = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const status = async (token: string, studyId = subject.studyId) =>
    (await as(token, 'GET', `/api/study-report/${studyId}/`)).json() as ReportStatus;
  /** Waits for the case's report jobs to end (they run in this process); no timing is asserted. */
  const settled = async (token: string, studyId = subject.studyId) => {
    for (let i = 0; i < 240; i += 1) {
      const now = await status(token, studyId);
      if (!now.generating) return now;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error('the report job did not end');
  };
  const download = async (report: ReportStatus['report']) => {
    expect(report?.readUrl).toBeTruthy();
    const res = await t.app.inject({ method: 'GET', url: report?.readUrl ?? '' });
    expect(res.statusCode).toBe(200);
    return res.rawPayload;
  };
  const generatedCount = async (studyId: string) =>
    (
      await t.database.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM study_resources WHERE study_id = $1 AND type = 3 AND attributes->>'generated' = 'true'",
        [studyId],
      )
    )[0]?.n;

  beforeAll(async () => {
    t = await createTestApp({ env: { RUN_WORKERS: 'true', PUBLIC_URL: 'https://cardiomap.example' } });
    manager = (await signIn(t, 'case-manager@cardiomap.test')).access;
    physician = (await signIn(t, 'physician@cardiomap.test')).access;
    developer = (await signIn(t, 'development@cardiomap.test')).access;
    outsider = (await signIn(t, 'other-physician@cardiomap.test')).access;
    shared = (await signIn(t, 'field-clinical-specialist@cardiomap.test')).access;
    subject = await insertReportCase(t);
    await t.database.query(
      "INSERT INTO shared_cases (case_id, user_id, email, shared_by_id) VALUES ($1, $2, 'field-clinical-specialist@cardiomap.test', $3)",
      [
        subject.caseId,
        await userId(t, 'field-clinical-specialist@cardiomap.test'),
        await userId(t, 'physician@cardiomap.test'),
      ],
    );
  }, 120_000);
  afterAll(async () => t.close());

  describe('authentication and access', () => {
    it('requires authentication on every report route', async () => {
      for (const [method, url] of [
        ['GET', `/api/study-report/${subject.studyId}/`],
        ['POST', '/api/study-report/'],
        ['GET', `/api/studies/${subject.studyId}/report-config/`],
      ] as const) {
        const res = await t.app.inject({
          method,
          url,
          payload: method === 'POST' ? { studyId: subject.studyId } : undefined,
        });
        expect(res.statusCode, url).toBe(401);
      }
    });

    it("answers 404 for another organisation's study and for an unknown one", async () => {
      expect((await as(outsider, 'GET', `/api/study-report/${subject.studyId}/`)).statusCode).toBe(404);
      expect((await as(outsider, 'GET', `/api/studies/${subject.studyId}/report-config/`)).statusCode).toBe(404);
      expect((await as(outsider, 'POST', '/api/study-report/', { studyId: subject.studyId })).statusCode).toBe(404);
      expect((await as(manager, 'GET', `/api/study-report/${UNKNOWN}/`)).json()).toMatchObject({ code: 'not_found' });
    });

    it('is forbidden to a clinician before delivery, and generating is for staff only', async () => {
      const early = await as(physician, 'GET', `/api/study-report/${subject.studyId}/`);
      expect(early.statusCode).toBe(403);
      expect(early.json().detail).toBe('The report is available once the analysis is delivered.');
      const generate = await as(physician, 'POST', '/api/study-report/', { studyId: subject.studyId });
      expect(generate.statusCode).toBe(403);
      expect(generate.json().detail).toBe('You do not have permission to generate reports.');
    });

    it('answers 400 with field messages for bad input', async () => {
      const missing = await as(manager, 'POST', '/api/study-report/', {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json().studyId).toEqual(['This field is required']);
      const malformed = await as(manager, 'POST', '/api/study-report/', { studyId: 'x'.repeat(5000) });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().studyId).toEqual(['Must be a valid UUID.']);
      const query = await as(manager, 'GET', `/api/studies/${subject.studyId}/report-config/?with_simulations=maybe`);
      expect(query.statusCode).toBe(400);
      expect(query.json().with_simulations).toEqual(['Must be true or false.']);
    });

    it('refuses to generate while nothing is delivered, and queues nothing', async () => {
      const res = await as(manager, 'POST', '/api/study-report/', { studyId: subject.studyId });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'nothing_delivered',
        detail: 'There is no delivered analysis to report yet.',
      });
      expect(await generatedCount(subject.studyId)).toBe(0);
    });
  });

  describe('generation after a delivery', () => {
    let identified: Buffer;
    let deidentified: Buffer;

    beforeAll(async () => {
      const delivered = await as(manager, 'POST', '/api/deliveries/', { orderId: subject.orderId });
      expect(delivered.statusCode).toBe(201);
      const done = await settled(manager);
      expect(done.error).toBeNull();
      identified = await download((await status(physician)).report);
      deidentified = await download((await status(developer)).report);
    }, 120_000);

    it('a delivery generates the report as a job, stored as type-3 study resources', async () => {
      const now = await status(physician);
      expect(now).toMatchObject({ generating: false, analysisVersion: 1, isOutdated: false, canGenerate: false });
      expect(now.report).toMatchObject({ type: 3, filename: `${subject.caseIdentifier}-report.pdf` });
      expect((await status(manager)).canGenerate).toBe(true);
      const jobs = await t.database.query<{ status: number; summary: { outcome: string } }>(
        "SELECT j.status, j.summary FROM jobs j JOIN job_types t ON t.id = j.job_type_id WHERE j.case_id = $1 AND t.name = 'report'",
        [subject.caseId],
      );
      expect(jobs).toEqual([{ status: JobStatus.COMPLETED, summary: { outcome: 'generated', analysisVersion: 1 } }]);
      const study = (await as(physician, 'GET', `/api/studies/${subject.studyId}/`)).json();
      expect(study.hasPdfReport).toBe(true);
      const theCase = (await as(physician, 'GET', `/api/cases/${subject.caseId}/`)).json();
      expect(theCase).toMatchObject({ hasPdfReport: true, hasReport: true });
    });

    it('prints every published landmark value with its unit, and not the unpublished one', () => {
      const text = pdfText(identified);
      for (const landmark of LANDMARKS) {
        expect(text).toContain(landmark.name);
        for (const value of landmark.printed) expect(text).toContain(value);
      }
      expect(text).not.toContain('Draft STJ');
      expect(text).not.toContain('99.99');
    });

    it('has the header, sizing, comment and footer', () => {
      const text = pdfText(identified);
      for (const expected of [
        subject.caseIdentifier,
        'Heart Valve',
        'Transcatheter Aortic Valve Implantation',
        'SAPIEN 3 (23, 26 mm)',
        'Evolut FX+',
        'Analysis version',
        'Clinical',
        'Device sizing',
        // SAPIEN 3 at 24.0 mm area-derived: only 26 fits, (26 / 24)² − 1 by area; Evolut FX+ at 24.01 mm
        // perimeter-derived: 29, 29 / 24.01 − 1 by perimeter.
        'Within one size',
        '+17.4 %',
        '+20.8 %',
        'Moderate calcification of the left coronary cusp.',
        `Study UID ${STUDY_UID}`,
        'CardioMap 0.1.0',
        'Page 1 of',
      ]) {
        expect(text).toContain(expected);
      }
      expect(text).not.toContain('Not for clinical use');
    });

    it('shows the patient to who may see them, and the planted identifier to nobody else', async () => {
      expect(pdfText(identified)).toContain(PLANTED_PATIENT);
      expect(pdfText(deidentified)).not.toContain(PLANTED_PATIENT);
      expect(deidentified.toString('latin1')).not.toContain(PLANTED_PATIENT);
      const sharedReport = await download((await status(shared)).report);
      expect(pdfText(sharedReport)).not.toContain(PLANTED_PATIENT);
      // The identified PDF is missing to them even by its id.
      const identifiedId = (await status(physician)).report?.id;
      expect((await as(developer, 'GET', `/api/study-resources/${identifiedId}/`)).statusCode).toBe(404);
      const listed = (await as(developer, 'GET', `/api/study-resources/?study_id=${subject.studyId}`)).json();
      expect(listed.results.map((r: { id: string }) => r.id)).not.toContain(identifiedId);
      const study = (await as(developer, 'GET', `/api/studies/${subject.studyId}/`)).json();
      expect(study.pdfReportId).toBe((await status(developer)).report?.id);
      expect(study.resourceIds).not.toContain(identifiedId);
      const config = (await as(developer, 'GET', `/api/studies/${subject.studyId}/report-config/`)).json();
      expect(config.patient).toBeNull();
      expect(JSON.stringify(config)).not.toContain(PLANTED_PATIENT);
    });

    it('links every value to its landmark in the viewer, without a token', () => {
      const links = pdfLinks(identified);
      const expected = (id: string) => `https://cardiomap.example/study-viewer/${subject.studyId}?landmark=${id}`;
      const printedValues = LANDMARKS.reduce((sum, l) => sum + l.printed.length + 1, 0);
      expect(links.length).toBeGreaterThanOrEqual(printedValues - 1);
      expect(new Set(links)).toEqual(new Set(subject.landmarkIds.map(expected)));
      // Each landmark gets one link per measurement (the sizing lines link the annulus again).
      for (const [index, landmark] of LANDMARKS.entries()) {
        const count = links.filter((link) => link === expected(subject.landmarkIds[index] ?? '')).length;
        expect(count).toBeGreaterThanOrEqual(Object.keys(landmark.measurements).length);
      }
      expect(links.join(' ')).not.toContain(subject.unpublishedId);
      expect(links.join(' ')).not.toMatch(/token|access/i);
    });

    it('renders page 1 with ink on it', () => {
      expect(pdfPages(identified)).toBeGreaterThanOrEqual(1);
      expect(inkOnFirstPage(identified)).toBeGreaterThan(0.01);
    });

    it('the report config answers what the caller’s report is made from', async () => {
      const res = await as(physician, 'GET', `/api/studies/${subject.studyId}/report-config/?with_simulations=false`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        caseIdentifier: subject.caseIdentifier,
        withSimulations: false,
        patient: { identifier: PLANTED_PATIENT, age: 70, sex: 'F' },
        analysisVersion: 1,
        isClinical: true,
        studyInstanceUid: STUDY_UID,
      });
    });

    it('is idempotent for the same analysis version, and says the report is up to date (issue 30 §6)', async () => {
      const before = await generatedCount(subject.studyId);
      const res = await as(manager, 'POST', '/api/study-report/', { studyId: subject.studyId });
      expect(res.statusCode).toBe(202);
      expect(res.json()).toMatchObject({ generating: false, analysisVersion: 1, outcome: 'up-to-date' });
      expect(await generatedCount(subject.studyId)).toBe(before);
    });

    it('says a generation is under way instead of queueing another', async () => {
      // A running job row (the workers only take queued ones): the case's generation in progress.
      const [job] = await t.database.query<{ id: string }>(
        `INSERT INTO jobs (case_id, job_type_id, params, status, summary, log)
         SELECT $1, t.id, $2::jsonb, $3, '{}'::jsonb, '[]'::jsonb FROM job_types t WHERE t.name = 'report' RETURNING id`,
        [subject.caseId, JSON.stringify({ studyId: subject.studyId, withSimulations: true }), JobStatus.RUNNING],
      );
      try {
        const res = await as(manager, 'POST', '/api/study-report/', { studyId: subject.studyId });
        expect(res.statusCode).toBe(202);
        expect(res.json()).toMatchObject({ generating: true, outcome: 'already-generating' });
      } finally {
        await t.database.query('DELETE FROM jobs WHERE id = $1', [job?.id]);
      }
    });

    it('a changed analysis makes version 2 and keeps version 1; obsoleting adds a watermarked version 3', async () => {
      await t.database.query("UPDATE cases SET analyst_comment = 'Revised: severe calcification.' WHERE id = $1", [
        subject.caseId,
      ]);
      const first = (await status(physician)).report?.id;
      expect((await status(physician)).isOutdated).toBe(true);
      const res = await as(manager, 'POST', '/api/study-report/', { studyId: subject.studyId });
      expect(res.statusCode).toBe(202);
      expect(res.json()).toMatchObject({ outcome: 'queued' });
      const done = await settled(manager);
      expect(done).toMatchObject({ analysisVersion: 2, isOutdated: false });
      expect(done.report?.id).not.toBe(first);
      expect(await generatedCount(subject.studyId)).toBe(4);
      expect(pdfText(await download((await status(physician)).report))).toContain('Revised: severe calcification.');

      const [delivery] = await t.database.query<{ id: string }>('SELECT id FROM deliveries WHERE order_id = $1', [
        subject.orderId,
      ]);
      expect((await as(manager, 'PUT', `/api/deliveries/${delivery?.id}/obsolete/`)).statusCode).toBe(200);
      // Issue 30 §2: the clinician keeps a report of the obsoleted delivery, marked obsolete on every page.
      expect(await settled(manager)).toMatchObject({ analysisVersion: 3, isOutdated: false });
      expect(await generatedCount(subject.studyId)).toBe(6);
      const obsolete = await status(physician);
      const text = pdfText(await download(obsolete.report));
      expect(text).toContain('Obsolete: superseded, must no longer be used');
      expect(text).toContain('Revised: severe calcification.');
    });
  });
});
