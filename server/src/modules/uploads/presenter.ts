import type { InputData } from '@cardiomap/contract';
import { PERMISSIONS } from '@cardiomap/domain';
import { sharedOnly } from '../../access/case-access.ts';
import { iso } from '../../db/query.ts';
import type { Actor } from '../../lib/actor.ts';
import type { ObjectStorage } from '../../storage/object-storage.ts';
import type { InputDataRow } from './repository.ts';

const READ_URL_SECONDS = 15 * 60;

/** The original upload holds the patient's identity: only members with the download permission get a link. */
export const mayDownloadOriginal = (actor: Actor, organisationId: string) =>
  actor.permissions.has(PERMISSIONS.downloadInputData) && !sharedOnly(actor, organisationId);

export const mayReprocess = (actor: Actor) => actor.permissions.has(PERMISSIONS.changeStudy);

export async function presentInputData(
  storage: ObjectStorage,
  actor: Actor,
  row: InputDataRow,
  organisationId: string,
): Promise<InputData> {
  return {
    id: row.id,
    caseId: row.caseId,
    name: row.name,
    filename: row.filename,
    metadata: { mimeType: row.mimeType },
    sourceVersion: row.sourceVersion,
    sourceClient: row.sourceClient,
    dateCreated: iso(row.dateCreated) ?? '',
    size: row.size === null ? null : Number(row.size),
    uploadSuccessful: row.uploadSuccessful,
    status: row.status,
    reasons: row.reasons,
    warnings: row.warnings,
    // The original series UID stays inside: it identifies the patient's examination.
    series: row.series.map(({ uid: _uid, ...candidate }) => candidate),
    readUrl:
      row.uploadSuccessful && mayDownloadOriginal(actor, organisationId)
        ? await storage.signedGetUrl(row.storageKey, {
            expiresInSeconds: READ_URL_SECONDS,
            filename: row.filename,
            contentType: row.mimeType,
          })
        : null,
    canReprocess: row.uploadSuccessful && mayReprocess(actor),
  };
}
