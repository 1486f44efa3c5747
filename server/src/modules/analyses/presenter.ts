import type { Analysis, AnalysisResource } from '@cardiomap/contract';
import { iso } from '../../db/query.ts';
import type { ObjectStorage, ReadAccess } from '../../storage/object-storage.ts';
import type { AnalysisRow } from './repository.ts';
import type { AnalysisResourceRow } from './resource-repository.ts';

/** Signed read links live this long (or less, READ_URL_SECONDS): enough to load a mesh, not to be shared. */
const READ_URL_SECONDS = 10 * 60;

export const presentAnalysis = (row: AnalysisRow): Analysis => ({
  id: row.id,
  studyId: row.studyId,
  type: row.type,
  name: row.name,
  orderId: row.orderId,
  isPreliminary: row.isPreliminary,
  results: row.results,
  analysisResourceIds: row.analysisResourceIds,
  landmarkIds: row.landmarkIds,
  dateCreated: iso(row.dateCreated) ?? '',
});

/**
 * readUrl only once the file arrived. With `download` the link names the file for the browser's save
 * dialog; without it the viewer fetches the bytes (a mesh for the 3D scene, a figure). The link is bound
 * to `access` (the sign-in and the case) and stops serving when that access ends.
 */
export async function presentAnalysisResource(
  storage: ObjectStorage,
  row: AnalysisResourceRow,
  access: ReadAccess,
  options: { download?: boolean } = {},
): Promise<AnalysisResource> {
  return {
    id: row.id,
    analysisId: row.analysisId,
    type: row.type,
    name: row.name,
    filename: row.filename,
    metadata: { mimeType: row.mimeType },
    size: row.size === null ? null : Number(row.size),
    uploadSuccessful: row.uploadSuccessful,
    attributes: row.attributes,
    sourceVersion: row.sourceVersion,
    sourceClient: row.sourceClient,
    dateCreated: iso(row.dateCreated) ?? '',
    readUrl: row.uploadSuccessful
      ? await storage.signedGetUrl(row.storageKey, {
          expiresInSeconds: READ_URL_SECONDS,
          contentType: row.mimeType,
          access,
          ...(options.download ? { filename: row.filename } : {}),
        })
      : null,
  };
}
