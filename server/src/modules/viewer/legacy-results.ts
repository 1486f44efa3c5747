import {
  LEGACY_CONFIG_MAX_BYTES,
  type LegacyResultItem,
  type LegacyResults,
  storedLegacyConfigSchema,
} from '@cardiomap/contract';
import {
  isMeshFileName,
  LEGACY_NOT_A_MESH,
  LEGACY_NOT_OF_STUDY,
  LEGACY_UNREADABLE,
  type LegacyPlannedItem,
  legacyComments,
  legacyUnavailableWarning,
  PERMISSIONS as P,
  planLegacyItems,
  seesLegacyResults,
} from '@cardiomap/domain';
import type { VisibleCase } from '../../access/case-access.ts';
import type { Query } from '../../db/query.ts';
import type { Actor } from '../../lib/actor.ts';
import type { ObjectStorage, ReadAccess } from '../../storage/object-storage.ts';
import { VIEWER_READ_URL_SECONDS } from './dicom.ts';
import { findLegacyConfig, findLegacyFiles, type LegacyFileRow } from './legacy-repository.ts';

/** The stored file as text, or null when it is missing or larger than an upload may be. */
async function readStored(storage: ObjectStorage, key: string): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of await storage.read(key)) {
    const buffer = Buffer.from(chunk as Buffer);
    size += buffer.length;
    if (size > LEGACY_CONFIG_MAX_BYTES) return null;
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The stored document checked against the read schema; null for anything unreadable. */
async function parseStored(storage: ObjectStorage, key: string) {
  const text = await readStored(storage, key).catch(() => null);
  if (text === null) return null;
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = storedLegacyConfigSchema.safeParse(document);
  return parsed.success ? parsed.data : null;
}

const idsOf = (items: LegacyPlannedItem[], kind: 'analysis-resource' | 'study-resource') => [
  ...new Set(items.flatMap((i) => (i.reference.kind === kind ? [i.reference.id] : []))),
];

/**
 * The viewer load's legacy simulation results (architecture.md §13): the stored config read with the
 * contract's schema, its comments and warnings, and each scene or object file it names resolved to this
 * study's own resource by id and signed by the server; any other reference is listed as not available,
 * never fetched or relayed (no open fetch, no link the page did not get from CardioMap). A file that
 * cannot be read turns into a warning, so the viewer still opens on the images and other results.
 */
export async function loadLegacyResults(
  deps: { query: Query; storage: ObjectStorage },
  actor: Actor,
  theCase: VisibleCase,
  studyId: string,
  access: ReadAccess,
): Promise<LegacyResults | null> {
  if (!seesLegacyResults(actor.permissions, theCase)) return null;
  const stored = await findLegacyConfig(deps.query, studyId);
  if (!stored) return null;
  const config = await parseStored(deps.storage, stored.storageKey);
  if (!config) return { studyResourceId: stored.id, comments: [], warnings: [LEGACY_UNREADABLE], items: [] };

  const planned = planLegacyItems(config);
  const files = await findLegacyFiles(
    deps.query,
    studyId,
    { analysisResourceIds: idsOf(planned, 'analysis-resource'), studyResourceIds: idsOf(planned, 'study-resource') },
    actor.permissions.has(P.viewUndeliveredAnalyses),
  );
  const found = new Map<string, LegacyFileRow>(
    [...files.analysisResources, ...files.studyResources].map((row) => [row.id, row]),
  );
  const items = await Promise.all(
    planned.map(async ({ reference, ...item }): Promise<LegacyResultItem> => {
      const file = reference.kind === 'foreign' ? undefined : found.get(reference.id);
      if (!file) return { ...item, readUrl: null, filename: null, unavailable: LEGACY_NOT_OF_STUDY };
      if (!isMeshFileName(file.filename)) {
        return { ...item, readUrl: null, filename: file.filename, unavailable: LEGACY_NOT_A_MESH };
      }
      const readUrl = await deps.storage.signedGetUrl(file.storageKey, {
        expiresInSeconds: VIEWER_READ_URL_SECONDS,
        contentType: file.mimeType,
        access,
      });
      return { ...item, readUrl, filename: file.filename, unavailable: null };
    }),
  );
  const unavailable = items.filter((i) => i.unavailable !== null).length;
  return {
    studyResourceId: stored.id,
    comments: legacyComments(config),
    warnings: [...config.warnings, ...(unavailable > 0 ? [legacyUnavailableWarning(unavailable)] : [])],
    items,
  };
}
