import type { InputData } from '@cardiomap/contract';

export const INPUT_DATA_ID = 'd0000000-0000-4000-8000-0000000000aa';

/** Input data as the API answers it, for the upload and jobs features' tests. */
export const inputDataFixture = (overrides: Partial<InputData> = {}): InputData => ({
  id: INPUT_DATA_ID,
  caseId: 'c0000000-0000-4000-8000-000000000001',
  name: 'Patient Images',
  filename: 'scan.zip',
  metadata: { mimeType: 'application/zip' },
  sourceVersion: '',
  sourceClient: 'web',
  dateCreated: '2026-11-23T10:00:00.000Z',
  size: 2_000_000,
  uploadSuccessful: true,
  status: 1,
  reasons: [],
  warnings: [],
  series: [],
  readUrl: null,
  readUrlFile: null,
  canReprocess: false,
  ...overrides,
});
