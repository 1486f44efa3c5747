import type { TestApp } from '../../helpers/test-app.ts';

/** A job row of the ingest type, written straight into the database in any status. */
export async function insertJob(
  t: TestApp,
  caseId: string,
  options: {
    status?: number;
    inputDataId?: string;
    files?: { path: string; outcome: string; code?: string; reason?: string }[];
  } = {},
): Promise<string> {
  const [job] = await t.database.query<{ id: string }>(
    `INSERT INTO jobs (case_id, input_data_id, job_type_id, status, summary, log)
     SELECT $1, $3, id, $2, '{"filesTotal": 2, "filesUsed": 1, "filesSetAside": 1, "outcome": "ready"}'::jsonb,
            '[{"at": "2026-11-23T10:00:00Z", "message": "Queued."}]'::jsonb
       FROM job_types WHERE name = 'ingest' RETURNING id`,
    [caseId, options.status ?? 0, options.inputDataId ?? null],
  );
  const id = job?.id ?? '';
  for (const [ordinal, file] of (options.files ?? []).entries()) {
    await t.database.query(
      'INSERT INTO job_resources (job_id, ordinal, path, bytes, outcome, code, reason) VALUES ($1, $2, $3, 10, $4, $5, $6)',
      [id, ordinal, file.path, file.outcome, file.code ?? null, file.reason ?? null],
    );
  }
  return id;
}

/** A confirmed upload of the case whose object is missing from storage: every read of it fails. */
export async function insertLostUpload(t: TestApp, caseId: string): Promise<string> {
  const [input] = await t.database.query<{ id: string }>(
    `INSERT INTO input_data (case_id, name, filename, mime_type, storage_key, upload_successful, status, created_by_id)
     SELECT $1, 'Patient Images', 'ct.zip', 'application/zip', 'input-data/missing/upload.zip', true, 1, created_by_id
       FROM cases WHERE id = $1 RETURNING id`,
    [caseId],
  );
  return input?.id ?? '';
}

/** A study with a stored volume resource, as ingest leaves it. */
export async function insertStudyWithVolume(
  t: TestApp,
  caseId: string,
): Promise<{ studyId: string; resourceId: string }> {
  const [study] = await t.database.query<{ id: string }>('INSERT INTO studies (case_id) VALUES ($1) RETURNING id', [
    caseId,
  ]);
  const key = `cases/${caseId}/ingest/test/volume.cmvol`;
  await t.app.storage.write(key, Buffer.from('CMVOL-test-bytes'), 'application/octet-stream');
  const [resource] = await t.database.query<{ id: string }>(
    `INSERT INTO study_resources (study_id, type, name, filename, mime_type, storage_key, size, attributes)
     VALUES ($1, 2, 'DICOM volume', 'case.cmvol', 'application/vnd.cardiomap.volume', $2, 16,
             '{"interpolationType": 0, "dimensions": [512, 512, 134], "spacing": [1, 1, 3]}'::jsonb) RETURNING id`,
    [study?.id, key],
  );
  return { studyId: study?.id ?? '', resourceId: resource?.id ?? '' };
}
