import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { type Query, queryOn } from '../../db/query.ts';
import type { ObjectStorage } from '../../storage/object-storage.ts';
import { recordAudit } from '../audit/index.ts';
import { deleteUnconfirmedUpload, expiredUnconfirmedUploads } from './repository.ts';
import { WRITE_URL_SECONDS } from './service.ts';

/**
 * Uploads never confirmed once their links expired (issue 22): nobody can finish them, yet their bytes
 * (a whole object, local parts, or an unfinished S3 upload that is billed) and their row (which counts
 * against the case's upload limits) stayed. Each goes: parts aborted, object deleted, row removed, and
 * an audit row says so. A confirmation that races in keeps its row (the delete asks it is unconfirmed).
 * The job runtime's periodic sweep calls it; the rows and the objects are this module's.
 */
export async function removeExpiredUploads(
  query: Query,
  deps: { storage: ObjectStorage; log: FastifyBaseLogger; database: Database },
): Promise<number> {
  let removed = 0;
  for (const upload of await expiredUnconfirmedUploads(query, WRITE_URL_SECONDS)) {
    if (upload.multipartUploadId) {
      // An upload the store no longer knows has nothing to abort; its row is removed all the same.
      await deps.storage.abortMultipartUpload(upload.storageKey, upload.multipartUploadId).catch(() => undefined);
    }
    const gone = await deps.database.db.transaction(async (tx) => {
      if (!(await deleteUnconfirmedUpload(queryOn(tx), upload.id))) return false;
      await recordAudit(tx, {
        actorId: null,
        action: 'input-data.expire',
        targetType: 'case',
        targetId: upload.caseId,
        organisationId: upload.organisationId,
        details: { inputDataId: upload.id },
      });
      return true;
    });
    if (!gone) continue;
    await deps.storage.delete(upload.storageKey);
    deps.log.info({ inputDataId: upload.id }, 'removed an upload never confirmed before its link expired');
    removed++;
  }
  return removed;
}
