import { describe, expect, it } from 'vitest';
import { JOB_TYPES } from '../../../src/db/seed/job-catalogue.ts';
import { summarise } from '../../../src/jobs/ingest/ingest-report.ts';
import {
  failedResult,
  InvalidJobPayload,
  JOB_SCHEMAS,
  jobPayload,
  parseJobPayload,
} from '../../../src/modules/jobs/index.ts';

const UUID = '0b9d3c2e-6f1a-4f7e-9a51-2d8c4b7e1f30';

/** The registry of job types: each type's parameters and result as schemas, and the payload union. */
describe('job types', () => {
  it('has schemas and a payload for every job type of the catalogue, and no other', () => {
    expect(Object.keys(JOB_SCHEMAS).sort()).toEqual(JOB_TYPES.map((t) => t.name).sort());
    // What a job queued without parameters (the upload's confirmation, a surface job on its own) carries.
    for (const name of ['ingest', 'surface'] as const) {
      expect(jobPayload.parse({ jobType: name, params: {} })).toEqual({ jobType: name, params: {} });
    }
  });

  it('a report job names its study and why it runs', () => {
    const studyId = '00000000-0000-4000-8000-000000000001';
    expect(jobPayload.parse({ jobType: 'report', params: { studyId, reason: 'requested' } })).toEqual({
      jobType: 'report',
      params: { studyId, reason: 'requested', withSimulations: true },
    });
    expect(() => jobPayload.parse({ jobType: 'report', params: {} })).toThrow();
  });

  it('takes the ingest parameters staff give when they pick a series, and refuses others', () => {
    const { params } = JOB_SCHEMAS.ingest;
    expect(params.parse({ seriesUid: '1.2.840.1', seriesKey: '2.25.99' })).toEqual({
      seriesUid: '1.2.840.1',
      seriesKey: '2.25.99',
    });
    expect(params.safeParse({ seriesUid: 42 }).success).toBe(false);
    expect(params.safeParse({ seriesUid: '' }).success).toBe(false);
    // A parameter this version does not know is refused, not dropped: it may change what the job does.
    expect(params.safeParse({ acknowledged: true }).success).toBe(false);
  });

  it('takes the surface parameters a follow-up carries, and refuses others', () => {
    const { params } = JOB_SCHEMAS.surface;
    expect(params.parse({ after: UUID })).toEqual({ after: UUID });
    expect(params.safeParse({ after: 'the ingest' }).success).toBe(false);
    expect(params.safeParse({ seriesUid: '1.2' }).success).toBe(false);
  });

  it("parses the ingest's results: the summary of an upload, ready or invalid, and a skip", () => {
    const { result } = JOB_SCHEMAS.ingest;
    const invalid = summarise({
      outcome: 'invalid',
      reasons: ['No CT series was found.'],
      candidates: [],
      files: [{ path: 'a.txt', bytes: 5, outcome: 'set-aside', code: 'not-dicom', reason: 'Not a DICOM file' }],
    });
    expect(result.parse(invalid)).toEqual({
      filesTotal: 1,
      filesUsed: 0,
      filesSetAside: 1,
      outcome: 'invalid',
      reasons: ['No CT series was found.'],
      warnings: [],
    });
    const ready = { ...invalid, outcome: 'ready', reasons: [], warnings: ['Slices 3 mm apart.'] };
    expect(result.parse(ready)).toEqual(ready);
    expect(result.parse({ outcome: 'skipped' })).toEqual({ outcome: 'skipped' });
    expect(result.safeParse({ outcome: 'no-contrast' }).success).toBe(false);
    expect(result.safeParse({ ...ready, filesUsed: -1 }).success).toBe(false);
  });

  it("parses the surface job's results and the failure any job records", () => {
    for (const outcome of ['ready', 'no-contrast', 'skipped', 'no-volume']) {
      expect(JOB_SCHEMAS.surface.result.parse({ outcome })).toEqual({ outcome });
    }
    expect(JOB_SCHEMAS.surface.result.safeParse({ outcome: 'invalid' }).success).toBe(false);
    expect(failedResult.parse({ outcome: 'failed', reasons: ['ENOENT'] })).toEqual({
      outcome: 'failed',
      reasons: ['ENOENT'],
    });
  });

  it('refuses a payload that is not its type’s, saying which field is wrong', () => {
    expect(parseJobPayload({ jobType: 'surface', params: { after: UUID } })).toEqual({
      jobType: 'surface',
      params: { after: UUID },
    });
    expect(() => parseJobPayload({ jobType: 'ingest', params: { seriesUid: 42 } })).toThrow(InvalidJobPayload);
    expect(() => parseJobPayload({ jobType: 'ingest', params: { seriesUid: 42 } })).toThrow(
      /^The ingest job's parameters are not valid \(params\.seriesUid: .*expected string/,
    );
    // The ingest's parameters on a surface job: the union goes by the type.
    expect(() => parseJobPayload({ jobType: 'surface', params: { seriesUid: '1.2' } })).toThrow(/seriesUid/);
    expect(() => parseJobPayload({ jobType: 'mystery', params: {} })).toThrow('No job type mystery is known here.');
    expect(() => parseJobPayload({ jobType: 'ingest', params: null })).toThrow(/params/);
  });
});
