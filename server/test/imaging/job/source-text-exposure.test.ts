import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CaseStatus, JobStatus } from '@cardiomap/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { text } from '../../../src/imaging/dicom/data-set-values.ts';
import { parseBytes } from '../../../src/imaging/dicom/parse-bytes.ts';
import { phantomSeries } from '../../../src/imaging/testing/phantom.ts';
import { readEntrySource } from '../../../src/imaging/zip/entry-source.ts';
import { openZip, type ZipEntry } from '../../../src/imaging/zip/read-zip.ts';
import { insertCase } from '../../cases/case-fixtures.ts';
import { bearer, signIn } from '../../helpers/auth.ts';
import { createTestApp, type TestApp } from '../../helpers/test-app.ts';
import { scratch } from '../ingest/ingest-fixtures.ts';

/** Planted in every free-text attribute and the patient's name: it must reach no one but the uploader. */
const MARKER = 'ZQX-SOURCE-7731';
const CHOSEN_ROOT = '2.25.77310001';
const OTHER_ROOT = '2.25.77310002';

/**
 * What staff see of an upload (its series list, the job's log, summary and per-file report) and what
 * they download carry the de-identified values, never the text of the original files; the clinicians of
 * the case's organisation still download what they sent. Driven through the real ingest.
 */
describe('source text of an upload, as staff see it', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const get = (who: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(tokens[who] ?? '') });
  const work = scratch();
  let uploaded: Buffer;
  let caseIdentifier: string;
  let caseId: string;
  let inputDataId: string;

  const phantom = (uidRoot: string, count: number) =>
    phantomSeries({
      count,
      uidRoot,
      patientName: `${MARKER}^JANE`,
      patientId: `${MARKER}-ID`,
      text: {
        seriesDescription: `CTA ${MARKER} Herz`,
        protocolName: `TAVI ${MARKER}`,
        stationName: MARKER,
        institutionName: `${MARKER} Hospital`,
      },
    });

  /** Nothing the original files said: no marker, none of their UIDs. */
  const expectNoSourceText = (what: unknown) => {
    const json = JSON.stringify(what);
    expect(json).not.toContain(MARKER);
    expect(json).not.toContain(CHOSEN_ROOT);
    expect(json).not.toContain(OTHER_ROOT);
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { RUN_WORKERS: 'true' } });
    for (const who of ['other-physician', 'case-analyst']) {
      tokens[who] = (await signIn(t, `${who}@cardiomap.test`)).access;
    }
    // A case of Northern Cardiology London: the analyst sees it as staff, not as a member.
    const c = await insertCase(t, { organisationCode: 'NCL', createdBy: 'other-physician@cardiomap.test' });
    caseId = c.id;
    caseIdentifier = c.caseIdentifier;
    const files = [
      ...phantom(CHOSEN_ROOT, 12).map((f) => ({ ...f, name: `a/${f.name}` })),
      ...phantom(OTHER_ROOT, 4).map((f) => ({ ...f, name: `b/${f.name}` })),
    ];
    uploaded = await readFile(await (await work).zip(files));
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/input-data/',
      headers: bearer(tokens['other-physician'] ?? ''),
      payload: { caseId, filename: 'ct.zip' },
    });
    inputDataId = created.json().id;
    await t.app.inject({ method: 'PUT', url: created.json().writeUrl, payload: uploaded });
    await get('other-physician', `/api/input-data/${inputDataId}/confirm-upload/`);
    const until = Date.now() + 60_000;
    let status = CaseStatus.SUBMITTED as number;
    while (status === CaseStatus.SUBMITTED && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 200));
      status = (await get('other-physician', `/api/cases/${caseId}/`)).json().status;
    }
    if (status !== CaseStatus.IN_PROGRESS) throw new Error(`the ingest ended the case in status ${status}`);
  }, 90_000);
  afterAll(async () => {
    await t.close();
    await (await work).cleanup();
  });

  async function ingestJob() {
    const jobs = (await get('case-analyst', `/api/jobs/?case_id=${caseId}`)).json().results;
    return jobs.find((j: { jobType: { name: string } }) => j.jobType.name === 'ingest');
  }

  /** The files of a downloaded zip, each parsed. */
  async function dicomFilesOf(zipBytes: Buffer) {
    const path = join((await work).root, `download-${Date.now()}.zip`);
    await writeFile(path, zipBytes);
    const { entries } = await openZip(path);
    return entries.map((entry: ZipEntry) => {
      const parsed = parseBytes(readEntrySource(entry.source));
      if (!parsed.ok) throw new Error(parsed.setAside.reason);
      return parsed.parsed.dataSet;
    });
  }

  async function downloaded(who: string) {
    const res = await get(who, `/api/input-data/${inputDataId}/?download=true`);
    expect(res.statusCode).toBe(200);
    return {
      file: res.json().readUrlFile,
      bytes: (await t.app.inject({ method: 'GET', url: res.json().readUrl })).rawPayload,
    };
  }

  it('lists the series with what the de-identified files hold', async () => {
    const input = (await get('case-analyst', `/api/input-data/${inputDataId}/`)).json();
    expect(input.series).toHaveLength(2);
    expectNoSourceText(input);
    const chosen = input.series.find((s: { isChosen: boolean }) => s.isChosen);
    expect(chosen.sliceCount).toBe(12);
    const [first] = await dicomFilesOf((await downloaded('case-analyst')).bytes);
    expect(chosen.description).toBe(text(first, 'x0008103e') ?? '');
  });

  it('keeps the job log, summary and per-file report free of the original text', async () => {
    const job = await ingestJob();
    expect(job.status).toBe(JobStatus.COMPLETED);
    expect(job.log.some((l: { message: string }) => l.message.startsWith('Series '))).toBe(true);
    expectNoSourceText(job);
    const report = (await get('case-analyst', `/api/job-resources/?job_id=${job.id}&page_size=100`)).json();
    expect(report.results.filter((r: { outcome: string }) => r.outcome === 'candidate')).toHaveLength(4);
    expectNoSourceText(report);
    const csv = await get('case-analyst', `/api/job-resources/?job_id=${job.id}&download=true`);
    expect(csv.statusCode).toBe(200);
    expectNoSourceText(csv.body);
  });

  it('gives staff the pseudonymised zip: the case identifier as patient, none of the original text', async () => {
    const { file, bytes } = await downloaded('case-analyst');
    expect(file).toBe('pseudonymised');
    expect(bytes.includes(Buffer.from(MARKER))).toBe(false);
    const files = await dicomFilesOf(bytes);
    expect(files).toHaveLength(12);
    for (const ds of files) {
      expect(text(ds, 'x00100010')).toBe(caseIdentifier);
      expect(text(ds, 'x00100020')).toBe(caseIdentifier);
    }
  });

  it('gives the clinicians of the case’s organisation the upload as they sent it', async () => {
    const { file, bytes } = await downloaded('other-physician');
    expect(file).toBe('original');
    expect(bytes.equals(uploaded)).toBe(true);
  });
});
