import { randomUUID } from 'node:crypto';
import {
  CaseStatus,
  type createInputDataSchema,
  InputDataStatus,
  MAX_UPLOAD_BYTES,
  MULTIPART_THRESHOLD_BYTES,
  type reingestSchema,
  UPLOAD_PART_BYTES,
} from '@cardiomap/contract';
import { CASE_TRANSITIONS, PERMISSIONS } from '@cardiomap/domain';
import type { z } from 'zod';
import { findVisibleCase, sharedOnly, type VisibleCase } from '../../access/case-access.ts';
import { assertResultsReadable } from '../../access/results-access.ts';
import type { UploadLimits } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { queryOn } from '../../db/query.ts';
import type { Actor } from '../../lib/actor.ts';
import { conflict, fieldError, forbidden, HttpError, notFound } from '../../lib/http-errors.ts';
import { type PageRequest, pageWindow } from '../../lib/pagination.ts';
import { sha256OfObject } from '../../storage/object-hash.ts';
import type { ObjectStorage } from '../../storage/object-storage.ts';
import { recordAudit } from '../audit/index.ts';
import { applyCaseTransition } from '../cases/index.ts';
import { findJob, insertJob, type JobRow, presentJob } from '../jobs/index.ts';
import { findPseudonymisedDicomOfInput } from '../studies/index.ts';
import { downloadableFile, type InputDataDownload, mayReprocess, presentInputData } from './presenter.ts';
import {
  caseUploadUsage,
  findInputData,
  findNewestUploadOfCase,
  hasActiveJob,
  type InputDataRow,
  insertInputData,
  listInputDataOfCase,
  markUploaded,
  type StoredSeries,
  setMultipartUpload,
} from './repository.ts';

export const INPUT_DATA_NOT_FOUND = 'No input data matches the given id.';
export const UPLOAD_ONLY_WHEN_CREATED =
  'Images can only be uploaded to a new case that is waiting for them, or again after invalid input.';
export const NO_UPLOAD_PERMISSION = 'You do not have permission to upload images to this case.';
export const UNKNOWN_SERIES = 'Choose one of the series found in this upload.';
export const ALREADY_PROCESSING = 'These images are being processed already. Wait for the current job to end.';
export const NOT_UPLOADED = 'This upload never arrived: upload the images again.';
export const CASE_FINISHED = 'This case is finished: its images can no longer be processed again.';
export const NO_DOWNLOAD_PERMISSION = 'You do not have permission to download these images.';
export const PSEUDONYMISED_NOT_READY =
  'The pseudonymised images are not available: they are made when the upload has been processed successfully.';
export const NO_CASE_DICOM = 'No images have arrived for this case yet.';
export const NO_GAP_TO_ACKNOWLEDGE = 'The series to process has no gap to acknowledge.';
export const tooManyUploads = (limit: number) =>
  `This case already has ${limit} uploads, the most it may hold. Ask support if more are needed.`;
const GIB = 1024 ** 3;
export const uploadQuotaExceeded = (limit: number) =>
  `This upload would take the case's uploads over ${Math.round((limit / GIB) * 10) / 10} GB. ` +
  'Announce the exact size of the file, or ask support if more is needed.';

/** Signed upload links live long enough for a 1 GB file over a slow hospital line. */
export const WRITE_URL_SECONDS = 6 * 60 * 60;

export type Enqueue = (queueName: string, jobId: string) => Promise<void>;

export interface UploadJobs {
  enqueue: Enqueue;
  /** Told when an upload is announced, before its bytes arrive (the workers get ready for its ingest). */
  expectIngest(): void;
}

/** Uploads of a case (spec §7 input-data/): register, confirm (which starts ingest), read, process again. */
export function createUploadsService(
  database: Database,
  storage: ObjectStorage,
  { enqueue, expectIngest }: UploadJobs,
  limits: UploadLimits,
) {
  const { db } = database;
  const query = queryOn(db);
  const storageKeyOf = (id: string) => `input-data/${id}/upload.zip`;

  /** The upload and its case, when the actor may see the case; else 404 like a missing one. */
  const visibleInputData = async (actor: Actor, id: string) => {
    const row = await findInputData(query, id);
    if (!row) throw notFound(INPUT_DATA_NOT_FOUND);
    const found = await findVisibleCase(db, actor, row.caseId).catch(() => {
      throw notFound(INPUT_DATA_NOT_FOUND);
    });
    return { row, found };
  };
  const mayUpload = (actor: Actor, organisationId: string) =>
    actor.permissions.has(PERMISSIONS.addInputData) && !sharedOnly(actor, organisationId);
  /** What the actor downloads of this upload, when it exists: the upload as sent, or its pseudonymised copy. */
  const downloadOf = async (
    actor: Actor,
    row: InputDataRow,
    organisationId: string,
  ): Promise<InputDataDownload | null> => {
    const file = downloadableFile(actor, organisationId);
    if (file === 'original' && row.uploadSuccessful) {
      return { file, storageKey: row.storageKey, filename: row.filename, mimeType: row.mimeType };
    }
    if (file !== 'pseudonymised') return null;
    const copy = await findPseudonymisedDicomOfInput(query, row.id);
    return copy ? { file, ...copy } : null;
  };
  const present = async (actor: Actor, row: InputDataRow, organisationId: string) =>
    presentInputData(storage, actor, row, await downloadOf(actor, row, organisationId));
  /**
   * The file of a download request: no permission is 403, and a file that does not exist (yet) is 409 —
   * staff never fall back to the original. Each download is audited.
   */
  const download = async (actor: Actor, row: InputDataRow, theCase: VisibleCase, ip: string, via: string) => {
    // The upload row stays listed; its file is the patient's images (Case.accessDenied, §13).
    assertResultsReadable(actor, theCase);
    const { organisationId } = theCase;
    const allowed = downloadableFile(actor, organisationId);
    if (!allowed) throw forbidden(NO_DOWNLOAD_PERMISSION);
    const file = await downloadOf(actor, row, organisationId);
    if (!file) throw conflict(allowed === 'original' ? NOT_UPLOADED : PSEUDONYMISED_NOT_READY);
    await recordAudit(db, {
      actorId: actor.userId,
      action: 'input-data.download',
      targetType: 'case',
      targetId: row.caseId,
      organisationId,
      ip,
      details: { inputDataId: row.id, file: file.file, ...(via === 'input-data' ? {} : { via }) },
    });
    return presentInputData(storage, actor, row, file);
  };

  return {
    async create(actor: Actor, body: z.output<typeof createInputDataSchema>, ip: string) {
      const id = randomUUID();
      const storageKey = storageKeyOf(id);
      const maxBytes = body.size ?? MAX_UPLOAD_BYTES;
      const { row, found } = await db.transaction(async (tx) => {
        const found = await findVisibleCase(tx, actor, body.caseId, { forUpdate: true });
        if (!mayUpload(actor, found.organisationId)) throw forbidden(NO_UPLOAD_PERMISSION);
        // A new case, or one whose images were unusable: the physician uploads again (issue 17 §1).
        if (!CASE_TRANSITIONS.submit.from.includes(found.status)) throw conflict(UPLOAD_ONLY_WHEN_CREATED);
        // Under the case row's lock: two registrations at once cannot both take the last place.
        const usage = await caseUploadUsage(queryOn(tx), body.caseId);
        if (usage.count >= limits.perCase) throw conflict(tooManyUploads(limits.perCase), 'upload_limit');
        if (usage.bytes + maxBytes > limits.bytesPerCase) {
          throw new HttpError(413, 'upload_quota', uploadQuotaExceeded(limits.bytesPerCase));
        }
        const row = await insertInputData(queryOn(tx), {
          id,
          caseId: body.caseId,
          name: body.name,
          filename: body.filename,
          mimeType: body.metadata.mimeType,
          sourceVersion: body.sourceVersion,
          sourceClient: body.sourceClient,
          storageKey,
          createdById: actor.userId,
          declaredSize: maxBytes,
        });
        await recordAudit(tx, {
          actorId: actor.userId,
          action: 'input-data.create',
          targetType: 'case',
          targetId: body.caseId,
          organisationId: found.organisationId,
          ip,
          details: { inputDataId: id, size: body.size ?? null },
        });
        return { row, found };
      });
      // No content type bound to the URL: browsers label the same zip application/zip,
      // application/x-zip-compressed or nothing at all, depending on the system.
      const writeUrl = await storage.signedPutUrl(storageKey, { expiresInSeconds: WRITE_URL_SECONDS, maxBytes });
      let parts: { partSize: number; urls: string[] } | null = null;
      if (body.size !== undefined && body.size > MULTIPART_THRESHOLD_BYTES) {
        const partCount = Math.ceil(body.size / UPLOAD_PART_BYTES);
        const multipart = await storage.createMultipartUpload(storageKey, {
          partCount,
          expiresInSeconds: WRITE_URL_SECONDS,
          // The whole upload's limit: the parts may not add up to more than the size announced.
          maxBytes: body.size,
          partSize: UPLOAD_PART_BYTES,
        });
        await setMultipartUpload(query, id, multipart.uploadId);
        parts = { partSize: UPLOAD_PART_BYTES, urls: multipart.partUrls };
      }
      expectIngest();
      return { ...(await present(actor, row, found.organisationId)), writeUrl, parts };
    },

    async list(actor: Actor, caseId: string, page: PageRequest) {
      const found = await findVisibleCase(db, actor, caseId);
      const { count, rows } = await listInputDataOfCase(query, caseId, pageWindow(page));
      return { count, results: await Promise.all(rows.map((row) => present(actor, row, found.organisationId))) };
    },

    /** One upload; with `wantsFile` the caller downloads it (see `download`). */
    async get(actor: Actor, id: string, wantsFile: boolean, ip: string) {
      const { row, found } = await visibleInputData(actor, id);
      if (wantsFile) return download(actor, row, found, ip, 'input-data');
      return present(actor, row, found.organisationId);
    },

    /**
     * GET case-dicom/{caseId}/: the case's images by case id, for links that know only the case: its
     * newest arrived upload under the download rules of input-data/{id}/?download=true. A case the caller
     * does not see is 404; without the download permission 403; nothing arrived yet 409.
     */
    async caseDicom(actor: Actor, caseId: string, ip: string) {
      const found = await findVisibleCase(db, actor, caseId);
      assertResultsReadable(actor, found);
      if (!downloadableFile(actor, found.organisationId)) throw forbidden(NO_DOWNLOAD_PERMISSION);
      const row = await findNewestUploadOfCase(query, caseId);
      if (!row) throw conflict(NO_CASE_DICOM);
      return download(actor, row, found, ip, 'case-dicom');
    },

    /**
     * GET input-data/{id}/confirm-upload/: checks the object arrived (assembling the parts of a large
     * upload), marks the upload successful, submits the case and queues the ingest job. Idempotent: a
     * second confirmation answers the same and queues nothing.
     */
    async confirm(actor: Actor, id: string, ip: string) {
      const { row, found } = await visibleInputData(actor, id);
      if (!mayUpload(actor, found.organisationId)) throw forbidden(NO_UPLOAD_PERMISSION);
      if (row.uploadSuccessful) return present(actor, row, found.organisationId);

      // Storage work stays outside the transaction: assembling a 1 GB upload must not hold the case row.
      if (row.multipartUploadId) {
        // Already completed by an earlier confirm, or never assembled: the head() below tells which.
        await storage.completeMultipartUpload(row.storageKey, row.multipartUploadId).catch(() => undefined);
      }
      const object = await storage.head(row.storageKey);
      if (!object || object.size === 0 || object.size > MAX_UPLOAD_BYTES) {
        if (object) await storage.delete(row.storageKey);
        return present(actor, row, found.organisationId);
      }
      // The original's fingerprint: every ingest checks the object still has it before reading it, since
      // an S3 upload link cannot be withdrawn and a write could still land before it expires (issue 22).
      const sha256 = await sha256OfObject(storage, row.storageKey);

      const queued = await db.transaction(async (tx) => {
        const txQuery = queryOn(tx);
        const current = await findVisibleCase(tx, actor, row.caseId, { forUpdate: true });
        const locked = (await findInputData(txQuery, id, { forUpdate: true })) as InputDataRow;
        if (locked.uploadSuccessful) return null;
        // A further upload to a submitted case adds images to it; otherwise the upload submits the case.
        if (current.status !== CaseStatus.SUBMITTED) {
          const submitted = await applyCaseTransition(tx, row.caseId, 'submit', { by: actor.userId, ip });
          if (!submitted.applied) throw conflict(UPLOAD_ONLY_WHEN_CREATED);
        }
        await markUploaded(txQuery, id, { size: object.size, sha256, status: InputDataStatus.UPLOADED });
        const job = await insertJob(txQuery, {
          caseId: row.caseId,
          inputDataId: id,
          jobType: 'ingest',
          params: {},
          createdById: actor.userId,
        });
        await recordAudit(tx, {
          actorId: actor.userId,
          action: 'input-data.confirm',
          targetType: 'case',
          targetId: row.caseId,
          organisationId: found.organisationId,
          ip,
          details: { inputDataId: id, size: object.size, sha256, jobId: job.id },
        });
        return job;
      });
      // After commit: a lost message is re-sent by the workers' sweep of queued jobs.
      if (queued) await enqueue(queued.queueName, queued.id).catch(() => undefined);
      return present(actor, (await findInputData(query, id)) as InputDataRow, found.organisationId);
    },

    /** Staff: process the upload again, with the automatic series choice or the one they pick. */
    async reingest(actor: Actor, id: string, body: z.output<typeof reingestSchema>, ip: string) {
      const { row, found } = await visibleInputData(actor, id);
      if (!mayReprocess(actor)) {
        throw forbidden('You do not have permission to process images again.');
      }
      const series = body.seriesKey ? row.series.find((s) => s.key === body.seriesKey) : undefined;
      if (body.seriesKey && !series) throw fieldError('seriesKey', UNKNOWN_SERIES);
      const acknowledgedGap = body.acknowledgeGaps ? gapToAcknowledge(row.series, series) : null;
      if (body.acknowledgeGaps && !acknowledgedGap) throw fieldError('acknowledgeGaps', NO_GAP_TO_ACKNOWLEDGE);
      const queued = await db.transaction(async (tx) => {
        const txQuery = queryOn(tx);
        const current = await findVisibleCase(tx, actor, row.caseId, { forUpdate: true });
        const locked = (await findInputData(txQuery, id, { forUpdate: true })) as InputDataRow;
        if (!locked.uploadSuccessful) throw conflict(NOT_UPLOADED);
        if (await hasActiveJob(txQuery, id)) throw conflict(ALREADY_PROCESSING);
        if (CASE_TRANSITIONS.reprocess.from.includes(current.status)) {
          const reprocessed = await applyCaseTransition(tx, row.caseId, 'reprocess', { by: actor.userId, ip });
          if (!reprocessed.applied) throw conflict(reprocessed.reason);
        } else if (current.status !== CaseStatus.SUBMITTED && current.status !== CaseStatus.IN_PROGRESS) {
          throw conflict(CASE_FINISHED);
        }
        const job = await insertJob(txQuery, {
          caseId: row.caseId,
          inputDataId: id,
          jobType: 'ingest',
          params: {
            ...(series ? { seriesUid: series.uid, seriesKey: series.key } : {}),
            ...(acknowledgedGap
              ? { acknowledgeGaps: true, acknowledgedBy: actor.email, acknowledgedGap: acknowledgedGap }
              : {}),
          },
          createdById: actor.userId,
        });
        await recordAudit(tx, {
          actorId: actor.userId,
          action: 'input-data.reprocess',
          targetType: 'case',
          targetId: row.caseId,
          organisationId: found.organisationId,
          ip,
          details: { inputDataId: id, jobId: job.id, seriesKey: series?.key ?? null },
        });
        if (acknowledgedGap) {
          await recordAudit(tx, {
            actorId: actor.userId,
            action: 'input-data.acknowledge-gap',
            targetType: 'case',
            targetId: row.caseId,
            organisationId: found.organisationId,
            ip,
            details: { inputDataId: id, jobId: job.id, seriesKey: series?.key ?? null, gap: acknowledgedGap },
          });
        }
        return job;
      });
      // After commit: a lost message is re-sent by the workers' sweep of queued jobs.
      await enqueue(queued.queueName, queued.id).catch(() => undefined);
      return presentJob(actor, (await findJob(query, queued.id)) as JobRow);
    },
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;

/**
 * The gap staff acknowledge: the chosen series', or for the automatic choice the series the rule takes
 * (the first usable one: series are stored ranked, and a gapped one ranks after every gap-free one).
 */
function gapToAcknowledge(stored: readonly StoredSeries[], chosen: StoredSeries | undefined): string | null {
  const series = chosen ?? stored.find((s) => s.spacing !== null);
  return series?.gap ?? null;
}
