import { StudyResourceType } from '@cardiomap/contract';
import type { DbOrTx } from '../../db/client.ts';
import { queryOn } from '../../db/query.ts';
import { type IngestPhase, replaceIngestVolumes } from './phase-repository.ts';
import { ensureStudy, upsertIngestResource } from './repository.ts';

export interface IngestOutputs {
  caseId: string;
  inputDataId: string;
  sourceVersion: string;
  /** The pseudonymised DICOM zip (type 1). */
  dicom: { name: string; filename: string; storageKey: string; size: number; sliceCount: number };
  /** One volume (type 2) per cardiac phase. */
  volumes: readonly IngestPhase[];
}

/**
 * What an ingest run made becomes the case's study (issue 29): the study made when the case has none,
 * the pseudonymised DICOM and every phase's volume replacing an earlier run's, in the caller's
 * transaction (the one that passes the case through the state machine's door first). Answers the study
 * and the storage keys no row holds any more, to delete after commit.
 */
export async function registerIngestOutputs(
  tx: DbOrTx,
  outputs: IngestOutputs,
): Promise<{ studyId: string; replacedKeys: string[] }> {
  const query = queryOn(tx);
  const studyId = await ensureStudy(query, outputs.caseId);
  const common = { studyId, inputDataId: outputs.inputDataId, sourceVersion: outputs.sourceVersion };
  const { sliceCount, ...dicom } = outputs.dicom;
  const dicomStored = await upsertIngestResource(query, {
    ...common,
    ...dicom,
    type: StudyResourceType.PSEUDONYMIZED_DICOM,
    mimeType: 'application/zip',
    attributes: { sliceCount },
  });
  const volumesStored = await replaceIngestVolumes(query, common, outputs.volumes);
  return {
    studyId,
    replacedKeys: [dicomStored.replacedKey, ...volumesStored.replacedKeys].filter((key): key is string => key !== null),
  };
}
