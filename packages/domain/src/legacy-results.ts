import { type LegacyFileReference, OrderStatus, Service, type StoredLegacyConfig } from '@cardiomap/contract';
import { type CaseFacts, isUndelivered } from './case-status.ts';
import { PERMISSIONS as P } from './permissions.ts';

/** The orders whose results arrive as a legacy config (architecture.md §13: legacy simulation, redo TAVI). */
export const LEGACY_RESULT_SERVICES: readonly Service[] = [Service.LEGACY, Service.REDO_TAVI];

/**
 * Who sees a study's legacy simulation results in the viewer: staff who may view undelivered analyses
 * while they work, as they see every analysis; anyone else (the clinician, a colleague it is shared
 * with) only once the case's results are out (the analyses' rule, isUndelivered) and a legacy
 * simulation or redo TAVI order was delivered (or delivered and later marked obsolete, which the
 * viewer marks). So an anatomy delivered first never hands over a legacy file still being worked on.
 */
export function seesLegacyResults(
  permissions: ReadonlySet<string>,
  facts: Omit<CaseFacts, 'orders'> & { orders: readonly { status: OrderStatus; service: Service }[] },
): boolean {
  if (permissions.has(P.viewUndeliveredAnalyses)) return true;
  if (isUndelivered(facts)) return false;
  return facts.orders.some(
    (o) =>
      LEGACY_RESULT_SERVICES.includes(o.service) &&
      (o.status === OrderStatus.DELIVERED || o.status === OrderStatus.OBSOLETED),
  );
}

export type LegacyResourceRef =
  | { kind: 'analysis-resource' | 'study-resource'; id: string }
  /** Anything else: never fetched, never passed on; only reported as not available. */
  | { kind: 'foreign' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The relative API path of one of the study's resources, exactly: no host, no query, nothing around it. */
const API_PATH = /^\/?(?:api\/)?(analysis-resources|study-resources)\/([0-9a-f-]{36})\/?$/i;

const byId = (kind: 'analysis-resource' | 'study-resource', id: string): LegacyResourceRef =>
  UUID.test(id) ? { kind, id: id.toLowerCase() } : { kind: 'foreign' };

/**
 * The resource a legacy config's file reference names, if it names one by id (architecture.md §13):
 * `{ analysisResourceId }`, `{ studyResourceId }`, or the relative path `analysis-resources/<id>/`
 * (also as `{ readUrl }`, the field the legacy format used). An absolute URL, even one of CardioMap's
 * own host, is foreign: the server signs its own URL for a resource, it never relays one.
 */
export function legacyReferenceOf(reference: LegacyFileReference): LegacyResourceRef {
  if (typeof reference !== 'string') {
    if ('analysisResourceId' in reference) return byId('analysis-resource', reference.analysisResourceId);
    if ('studyResourceId' in reference) return byId('study-resource', reference.studyResourceId);
    if (reference.readUrl === null) return { kind: 'foreign' };
    return legacyReferenceOf(reference.readUrl);
  }
  const match = API_PATH.exec(reference.trim());
  if (!match) return { kind: 'foreign' };
  return byId(
    match[1]?.toLowerCase() === 'analysis-resources' ? 'analysis-resource' : 'study-resource',
    match[2] ?? '',
  );
}

/** The mesh formats the viewer's 3D scene reads (web scene/mesh-format.ts), by file name. */
const MESH_EXTENSIONS = ['stl', 'ply', 'obj', 'gltf', 'glb', 'vtk', 'vtp'];
export const isMeshFileName = (filename: string): boolean =>
  MESH_EXTENSIONS.includes(filename.split('.').pop()?.toLowerCase() ?? '');

export const LEGACY_DEFAULT_COLOR = '#e0a040';
const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

/** One drawable thing the config names, before its reference is resolved. */
export interface LegacyPlannedItem {
  key: string;
  name: string;
  color: string;
  opacity: number;
  isVisible: boolean;
  reference: LegacyResourceRef;
}

/**
 * What a legacy config asks to draw: each scene with a file (one object, styled by its first
 * visualisation's opacity) and each visualisation object with a file of its own. An object without a
 * file of its own was part of its scene's file in the legacy viewer and is drawn with it.
 */
export function planLegacyItems(config: StoredLegacyConfig): LegacyPlannedItem[] {
  const opacityOf = new Map(config.visualisations.map((v) => [v.id, v.opacity]));
  const scenes = config.scenes.flatMap((scene, index) =>
    scene.file
      ? [
          {
            key: `scene-${index}`,
            name: scene.name.trim() || `Scene ${index + 1}`,
            color: LEGACY_DEFAULT_COLOR,
            opacity: opacityOf.get(scene.visualisationIds[0]) ?? 1,
            isVisible: true,
            reference: legacyReferenceOf(scene.file),
          },
        ]
      : [],
  );
  const objects = config.visualisations.flatMap((visualisation, v) =>
    visualisation.objects.flatMap((object, o) =>
      object.file
        ? [
            {
              key: `object-${v}-${o}`,
              name: object.name.trim() || `Object ${o + 1}`,
              color: object.color && HEX_COLOR.test(object.color) ? object.color.toLowerCase() : LEGACY_DEFAULT_COLOR,
              opacity: object.opacity ?? visualisation.opacity ?? 1,
              isVisible: object.isVisible ?? true,
              reference: legacyReferenceOf(object.file),
            },
          ]
        : [],
    ),
  );
  return [...scenes, ...objects];
}

/** A legacy comment as the Comments tab lists it; plain text comments have no author of their own. */
export function legacyComments(config: StoredLegacyConfig): { author: string; text: string; date: string | null }[] {
  return config.comments
    .map((c) => (typeof c === 'string' ? { author: '', text: c, date: null } : { ...c, date: c.date ?? null }))
    .map((c) => ({ author: c.author?.trim() || 'Legacy simulation', text: c.text.trim(), date: c.date }))
    .filter((c) => c.text.length > 0);
}

export const LEGACY_NOT_OF_STUDY = 'Not available: its file is not one of the results of this study.';
export const LEGACY_NOT_A_MESH = 'Not available: its file is not a 3D model (STL, PLY, OBJ, glTF, GLB, VTK, VTP).';
export const LEGACY_UNREADABLE =
  'The legacy simulation results of this study could not be read: the stored file is not a valid viewer config.';
export const legacyUnavailableWarning = (count: number) =>
  count === 1
    ? '1 legacy simulation result cannot be shown; it is listed as not available in Details.'
    : `${count} legacy simulation results cannot be shown; they are listed as not available in Details.`;
