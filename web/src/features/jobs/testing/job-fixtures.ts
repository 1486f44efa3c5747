import type { Job, JobResource } from '@cardiomap/contract';

export const JOB_ID = 'b0000000-0000-4000-8000-000000000001';

/** A finished ingest job as GET jobs/ answers it. */
export const jobFixture = (overrides: Partial<Job> = {}): Job => ({
  id: JOB_ID,
  caseId: 'c0000000-0000-4000-8000-000000000001',
  inputDataId: 'd0000000-0000-4000-8000-0000000000aa',
  jobType: { id: 'e1000000-0000-4000-8000-000000000001', name: 'Ingest DICOM' },
  queue: { id: 'e2000000-0000-4000-8000-000000000001', name: 'imaging' },
  status: 2,
  attempts: 1,
  dateCreated: '2026-11-23T10:00:00.000Z',
  dateStarted: '2026-11-23T10:00:01.000Z',
  dateFinished: '2026-11-23T10:00:13.400Z',
  log: [
    { at: '2026-11-23T10:00:01.000Z', message: 'Reading scan.zip (136 entries)' },
    { at: '2026-11-23T10:00:13.400Z', message: 'Volume ready: 512×512×134' },
  ],
  summary: {
    filesTotal: 136,
    filesUsed: 134,
    filesSetAside: 2,
    outcome: 'Volume ready',
    reasons: [],
    warnings: ['2 files are not CT images and were set aside.'],
  },
  canTerminate: false,
  ...overrides,
});

export const reportLine = (n: number, overrides: Partial<JobResource> = {}): JobResource => ({
  id: `f1000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  jobId: JOB_ID,
  path: `DICOM/IM${String(n).padStart(5, '0')}`,
  bytes: 526_000,
  outcome: 'used',
  code: null,
  reason: null,
  seriesKey: '1.2.826.0.1.3680043.2.1125.1',
  ...overrides,
});
