import { ingestThreads } from '../../imaging/ingest/ingest-threads.ts';

/**
 * How long an announced upload keeps the ingest threads started and compiled: most uploads arrive
 * within minutes. A longer one finds them stopped and its ingest starts them, as without this.
 */
const KEEP_READY_MS = 10 * 60_000;

/**
 * An upload was announced to this process, which runs the workers: its ingest threads start now and
 * compile their code on a sample while the bytes arrive, instead of after the confirmation, when the
 * ingest wants every core (on 2 cores, starting cold cost the 500-slice ingest about a second).
 */
export function expectIngest(): void {
  ingestThreads().warmUp(KEEP_READY_MS);
}
