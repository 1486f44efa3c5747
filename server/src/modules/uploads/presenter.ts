import type { InputData } from '@cardiomap/contract';
import { PERMISSIONS } from '@cardiomap/domain';
import { readAccessOf } from '../../access/read-access.ts';
import { iso } from '../../db/query.ts';
import type { Actor } from '../../lib/actor.ts';
import type { ObjectStorage } from '../../storage/object-storage.ts';
import type { InputDataRow } from './repository.ts';

/** Held to READ_URL_SECONDS by the driver; the link is bound to the reader's access to the case. */
const READ_URL_SECONDS = 10 * 60;

export type DownloadableFile = NonNullable<InputData['readUrlFile']>;

/**
 * Which file of a case's upload the actor may download. The upload as sent holds the patient's identity:
 * only members of the case's organisation (the clinicians who sent it) get it. Anyone else with the
 * permission (staff of every organisation, someone the case is shared with) gets the pseudonymised copy.
 */
export function downloadableFile(actor: Actor, organisationId: string): DownloadableFile | null {
  if (!actor.permissions.has(PERMISSIONS.downloadInputData)) return null;
  return actor.organisationIds.includes(organisationId) ? 'original' : 'pseudonymised';
}

/** A stored object the actor downloads as an upload's readUrl. */
export interface InputDataDownload {
  file: DownloadableFile;
  storageKey: string;
  filename: string;
  mimeType: string;
}

export const mayReprocess = (actor: Actor) => actor.permissions.has(PERMISSIONS.changeStudy);

export async function presentInputData(
  storage: ObjectStorage,
  actor: Actor,
  row: InputDataRow,
  download: InputDataDownload | null,
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
    series: row.series.map(({ uid: _uid, gap, ...candidate }) => ({ ...candidate, gap: gap ?? null })),
    readUrl: download
      ? await storage.signedGetUrl(download.storageKey, {
          expiresInSeconds: READ_URL_SECONDS,
          filename: download.filename,
          contentType: download.mimeType,
          access: readAccessOf(actor, row.caseId),
        })
      : null,
    readUrlFile: download?.file ?? null,
    canReprocess: row.uploadSuccessful && mayReprocess(actor),
  };
}
