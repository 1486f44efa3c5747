import { InputDataStatus } from '@cardiomap/contract';
import type { DbOrTx } from '../../db/client.ts';
import { queryOn } from '../../db/query.ts';
import { recordProcessing, resetProcessingUpload, type StoredSeries, setInputDataStatus } from './repository.ts';

/** What became of an ingest of an upload, as far as the upload is concerned. */
export type IngestOutcome =
  /** A run started reading it. */
  | { kind: 'started' }
  /** Nothing usable: `reasons` say why; the series found are kept for a re-run with another one. */
  | { kind: 'invalid'; reasons: string[]; series: StoredSeries[] }
  /** The volume is stored. */
  | { kind: 'processed'; warnings: string[]; series: StoredSeries[] }
  /** Its last attempt failed, or the job could not be run. */
  | { kind: 'failed'; reasons: string[] }
  /** The case closed while the run worked: the upload is as it was. */
  | { kind: 'skipped' }
  /** Staff terminated the job: an upload still processing is ready to be processed again. */
  | { kind: 'terminated' };

/**
 * Records an ingest's outcome on its upload, in the caller's transaction (the one that records the
 * job's end). Uploads own `input_data`; the job runtime and the jobs module report to it here.
 */
export async function recordIngestOutcome(tx: DbOrTx, inputDataId: string, outcome: IngestOutcome): Promise<void> {
  const query = queryOn(tx);
  switch (outcome.kind) {
    case 'started':
      return setInputDataStatus(query, inputDataId, InputDataStatus.PROCESSING);
    case 'skipped':
      return setInputDataStatus(query, inputDataId, InputDataStatus.UPLOADED);
    case 'terminated':
      return resetProcessingUpload(query, inputDataId);
    case 'invalid':
      return recordProcessing(query, inputDataId, {
        status: InputDataStatus.INVALID,
        reasons: outcome.reasons,
        warnings: [],
        series: outcome.series,
      });
    case 'processed':
      return recordProcessing(query, inputDataId, {
        status: InputDataStatus.PROCESSED,
        reasons: [],
        warnings: outcome.warnings,
        series: outcome.series,
      });
    case 'failed':
      return recordProcessing(query, inputDataId, {
        status: InputDataStatus.FAILED,
        reasons: outcome.reasons,
        warnings: [],
        series: null,
      });
  }
}
