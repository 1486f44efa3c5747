import { readFile } from 'node:fs/promises';
import { CaseStatus, InputDataStatus, JobStatus, StudyResourceType } from '@cardiomap/contract';
import { parseVolumeHeader, type VolumeHeader } from '@cardiomap/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phantomSeries } from '../../../src/imaging/testing/phantom.ts';
import { insertCase } from '../../cases/case-fixtures.ts';
import { bearer, signIn } from '../../helpers/auth.ts';
import { createTestApp, type TestApp } from '../../helpers/test-app.ts';
import { type NamedBytes, scratch } from '../ingest/ingest-fixtures.ts';

const GAP_REASON =
  'The series to analyse has a gap of 5 mm between slice 8 (z = 7 mm) and slice 9 (z = 12 mm) of 16; its ' +
  'slices are otherwise 1 mm apart. The anatomy in the gap would be invented by interpolation, so the images ' +
  'cannot be used for planning. Upload a contiguous series without missing slices (the complete ' +
  'reconstruction as the scanner exported it, every slice of the same series).';

/**
 * Issue 15 §2 end to end: a gapped series makes the case invalid input until staff acknowledge the gap
 * (audit trail, job log); the volume says which slices are interpolated; thick and duplicated slices
 * are warned about on the case and in the viewer; the de-identified zip counts its files.
 */
describe('ingest job: sparse, gapped and broken series', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const get = (who: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(tokens[who] ?? '') });
  const processAgain = (inputDataId: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/input-data/${inputDataId}/ingest/`,
      headers: bearer(tokens['case-manager'] ?? ''),
      payload,
    });
  const work = scratch();

  beforeAll(async () => {
    t = await createTestApp({ env: { RUN_WORKERS: 'true' } });
    for (const who of ['physician', 'case-analyst', 'case-manager']) {
      tokens[who] = (await signIn(t, `${who}@cardiomap.test`)).access;
    }
  });
  afterAll(async () => {
    await t.close();
    await (await work).cleanup();
  });

  async function uploadToNewCase(files: NamedBytes[]) {
    const c = await insertCase(t);
    const zipPath = await (await work).zip(files);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/input-data/',
      headers: bearer(tokens.physician ?? ''),
      payload: { caseId: c.id, filename: 'ct.zip' },
    });
    const { id, writeUrl } = created.json();
    expect((await t.app.inject({ method: 'PUT', url: writeUrl, payload: await readFile(zipPath) })).statusCode).toBe(
      200,
    );
    expect((await get('physician', `/api/input-data/${id}/confirm-upload/`)).json().uploadSuccessful).toBe(true);
    return { caseId: c.id, inputDataId: id as string };
  }

  async function settled(caseId: string) {
    const until = Date.now() + 60_000;
    while (Date.now() < until) {
      const c = (await get('physician', `/api/cases/${caseId}/`)).json();
      if (c.status !== CaseStatus.SUBMITTED) return c;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error('the case did not settle');
  }

  const ingestJobs = async (caseId: string) =>
    (await get('case-analyst', `/api/jobs/?case_id=${caseId}`))
      .json()
      .results.filter((j: { jobType: { name: string } }) => j.jobType.name === 'ingest');

  async function resources(studyId: string) {
    const list = (await get('physician', `/api/study-resources/?study_id=${studyId}`)).json().results;
    const dicom = list.find((r: { type: number }) => r.type === StudyResourceType.PSEUDONYMIZED_DICOM);
    const volume = list.find((r: { type: number }) => r.type === StudyResourceType.DICOM_VOLUME);
    const bytes = (await t.app.inject({ method: 'GET', url: volume.readUrl })).rawPayload;
    const header = (parseVolumeHeader(new Uint8Array(bytes)) as { header: VolumeHeader }).header;
    return { dicom, volume, header };
  }

  it('makes a gapped series invalid input naming the gap, until staff acknowledge it (audit trail, job log)', async () => {
    // 1 mm slices, 4 missing: a 5 mm gap (limit: max(2 × 1 mm, 3 mm)).
    const { caseId, inputDataId } = await uploadToNewCase(
      phantomSeries({ count: 20, spacing: 1, skip: [8, 9, 10, 11] }),
    );
    expect((await settled(caseId)).status).toBe(CaseStatus.INVALID_INPUT);
    let input = (await get('case-manager', `/api/input-data/${inputDataId}/`)).json();
    expect(input).toMatchObject({ status: InputDataStatus.INVALID, reasons: [GAP_REASON] });
    expect(input.series).toEqual([
      expect.objectContaining({
        gap: 'a gap of 5 mm between slice 8 (z = 7 mm) and slice 9 (z = 12 mm) of 16; its slices are otherwise 1 mm apart',
      }),
    ]);

    // Without the acknowledgement: invalid again, for the same reason.
    expect((await processAgain(inputDataId, {})).statusCode).toBe(202);
    expect((await settled(caseId)).status).toBe(CaseStatus.INVALID_INPUT);
    input = (await get('case-manager', `/api/input-data/${inputDataId}/`)).json();
    expect(input.reasons).toEqual([GAP_REASON]);

    expect((await processAgain(inputDataId, { acknowledgeGaps: 'yes' })).json()).toEqual({
      acknowledgeGaps: ['Must be true or false.'],
    });
    expect((await processAgain(inputDataId, { acknowledgeGaps: true })).statusCode).toBe(202);
    const c = await settled(caseId);
    expect(c.status).toBe(CaseStatus.IN_PROGRESS);

    const [audit] = await t.database.query<{ actor: string; details: Record<string, unknown>; at: Date }>(
      `SELECT u.email AS actor, a.details, a.at FROM audit_events a JOIN users u ON u.id = a.actor_id
        WHERE a.target_id = $1 AND a.action = 'input-data.acknowledge-gap'`,
      [caseId],
    );
    const [latest] = await ingestJobs(caseId);
    expect(audit).toMatchObject({
      actor: 'case-manager@cardiomap.test',
      details: { inputDataId, jobId: latest.id, seriesKey: null, gap: input.series[0].gap },
    });
    expect(audit?.at).toBeInstanceOf(Date);
    const log = latest.log.map((l: { message: string }) => l.message);
    expect(log).toContain(
      `Gap acknowledged by case-manager@cardiomap.test when asking to process again: ${input.series[0].gap}.`,
    );

    const { dicom, volume, header } = await resources(c.studyId);
    expect(header.dimensions[2]).toBe(20);
    expect(header.interpolatedSlices).toEqual([8, 9, 10, 11]);
    expect(volume.attributes.sliceCount).toBe(20);
    // The de-identified zip holds the 16 acquired images, not the volume's 20 slices.
    expect(dicom.attributes.sliceCount).toBe(16);
    input = (await get('physician', `/api/input-data/${inputDataId}/`)).json();
    expect(input.warnings).toEqual(
      expect.arrayContaining([
        `Processed despite ${input.series[0].gap}, as staff acknowledged`,
        '4 of 20 volume slices are interpolated between acquired slices (no image was acquired there): slices 9–12',
      ]),
    );
    expect(latest.summary.warnings).toEqual(input.warnings);
  }, 120_000);

  it('warns of thick slices and names the duplicate set aside, on the case and in the viewer', async () => {
    const { caseId, inputDataId } = await uploadToNewCase(
      phantomSeries({ count: 8, spacing: 1, sliceThickness: 2, duplicate: [3] }),
    );
    const c = await settled(caseId);
    expect(c.status).toBe(CaseStatus.IN_PROGRESS);
    const input = (await get('physician', `/api/input-data/${inputDataId}/`)).json();
    const thick = expect.stringMatching(/^Planning quality: the slices are 2 mm thick, above the 1\.25 mm/);
    const duplicate =
      '1 image repeated the position of another and was set aside: IM0005.dcm (same position as IM0004.dcm)';
    expect(input.warnings).toEqual([thick, duplicate]);
    const { dicom, header } = await resources(c.studyId);
    expect(dicom.attributes.sliceCount).toBe(8);
    expect(header.interpolatedSlices).toBeUndefined();

    const viewer = (await get('case-analyst', `/api/study-viewer/${c.studyId}/`)).json();
    expect(viewer.warnings).toEqual(expect.arrayContaining([thick, duplicate]));
    const [job] = await ingestJobs(caseId);
    expect(job.status).toBe(JobStatus.COMPLETED);
    expect(job.summary.warnings).toEqual([thick, duplicate]);
  }, 120_000);
});
