import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CaseStatus, StudyResourceType } from '@cardiomap/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeText } from '../../../src/imaging/dicom/data-set-writer.ts';
import { readInstance } from '../../../src/imaging/dicom/read-instance.ts';
import { readEntrySource } from '../../../src/imaging/zip/entry-source.ts';
import { openZip } from '../../../src/imaging/zip/read-zip.ts';
import { insertCase } from '../../cases/case-fixtures.ts';
import { bearer, signIn } from '../../helpers/auth.ts';
import { createTestApp, type TestApp } from '../../helpers/test-app.ts';
import { leakedMarkers, MARKER_UID_ROOT, writeCanarySlice } from '../dicom/planted-markers.ts';
import { writeZip } from '../zip/zip-fixtures.ts';

/**
 * The canary zip through the real ingest job: every attribute of PS3.15 Table E.1-1 planted with a unique
 * marker in each slice (top level and two sequences down, implicit and explicit VR files mixed in one
 * series). Nothing planted may come out in the de-identified DICOM zip, inflated entry by entry, nor in
 * the volume.
 */
describe('de-identification canary through the ingest job', () => {
  let t: TestApp;
  let token = '';
  let folder = '';

  beforeAll(async () => {
    t = await createTestApp({ env: { RUN_WORKERS: 'true' } });
    token = (await signIn(t, 'physician@cardiomap.test')).access;
    folder = await mkdtemp(join(tmpdir(), 'cm-canary-'));
  });
  afterAll(async () => {
    await t.close();
    await rm(folder, { recursive: true, force: true });
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

  it('lets no planted marker out in the de-identified zip or the volume', async () => {
    const slices = Array.from({ length: 12 }, (_, i) => {
      const sopInstanceUid = `${MARKER_UID_ROOT}7000${i}`;
      return writeCanarySlice(
        i % 2 === 0 ? 'explicit' : 'implicit',
        {
          rows: 32,
          columns: 32,
          pixelSpacing: [1, 1],
          position: [-16, -16, i * 2],
          instanceNumber: i + 1,
          sopInstanceUid,
        },
        [[0x00080018, 'UI', encodeText('UI', sopInstanceUid)]],
      );
    });
    const markers = new Map(slices.flatMap((s) => [...s.markers]));
    const upload = join(folder, 'canary.zip');
    await writeZip(
      upload,
      slices.map((s, i) => ({ name: `canary/IM${i}.dcm`, data: Buffer.from(s.bytes), compress: true })),
    );

    const c = await insertCase(t);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/input-data/',
      headers: bearer(token),
      payload: { caseId: c.id, filename: 'canary.zip' },
    });
    const { id, writeUrl } = created.json();
    expect((await t.app.inject({ method: 'PUT', url: writeUrl, payload: await readFile(upload) })).statusCode).toBe(
      200,
    );
    expect((await get(`/api/input-data/${id}/confirm-upload/`)).json().uploadSuccessful).toBe(true);
    await expect
      .poll(async () => (await get(`/api/cases/${c.id}/`)).json().status, { timeout: 60_000, interval: 200 })
      .toBe(CaseStatus.IN_PROGRESS);

    const studyId = (await get(`/api/cases/${c.id}/`)).json().studyId;
    const resources = (await get(`/api/study-resources/?study_id=${studyId}`)).json().results;
    const byType = (type: number) => resources.find((r: { type: number }) => r.type === type);
    const dicomZip = (await t.app.inject({ method: 'GET', url: byType(StudyResourceType.PSEUDONYMIZED_DICOM).readUrl }))
      .rawPayload;
    const volume = (await t.app.inject({ method: 'GET', url: byType(StudyResourceType.DICOM_VOLUME).readUrl }))
      .rawPayload;

    const zipPath = join(folder, 'deidentified.zip');
    await writeFile(zipPath, dicomZip);
    const archive = await openZip(zipPath);
    expect(archive.entries).toHaveLength(12);
    for (const entry of archive.entries) {
      const bytes = readEntrySource(entry.source);
      expect(leakedMarkers(bytes, markers), entry.path).toEqual([]);
      const read = readInstance(bytes);
      expect(read.ok && read.instance.frames?.length, entry.path).toBe(1);
    }
    expect(leakedMarkers(dicomZip, markers)).toEqual([]); // names and directory too
    expect(leakedMarkers(volume, markers)).toEqual([]);
  }, 90_000);
});
