import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { studyRoutes } from './routes.ts';
import { createStudiesService } from './service.ts';
import { createStudyWritesService } from './write-service.ts';

export type { GeneratedReportFile } from './generated-report-repository.ts';
export { registerGeneratedReports } from './generated-reports.ts';
export { type IngestOutputs, registerIngestOutputs } from './ingest-outputs.ts';
export { choosePhase, NOT_A_PHASE_OF_STUDY } from './phase-choice.ts';
export { type IngestPhase, listPhases, type PhaseRow, phaseFactsOf } from './phase-repository.ts';
export { presentPhases, presentStudy, presentStudyResource, SINGLE_PHASE_LABEL } from './presenter.ts';
export {
  ensureStudy,
  findPseudonymisedDicomOfInput,
  findStudy,
  findStudyOfCase,
  findStudyResource,
  type StudyResourceRow,
  type StudyRow,
} from './repository.ts';
export { STUDY_NOT_FOUND } from './service.ts';

/** Studies and study resources (spec §7 "Studies and viewer"): what ingest makes, reports, the volume's interpolation. */
export const studiesModule = fp(
  async function studiesModule(app: FastifyInstance) {
    studyRoutes(
      app,
      createStudiesService(app.database, app.storage),
      createStudyWritesService(app.database, app.storage),
    );
  },
  { name: 'studies', dependencies: ['auth', 'storage'] },
);
