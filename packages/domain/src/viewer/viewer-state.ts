import { GEOMETRY_TYPE_LABELS, type GeometryType } from '@cardiomap/contract';
import type { Point3 } from './geometry.ts';
import { requiredPointCount } from './measurements.ts';

/**
 * The viewer's client state as a pure reducer (spec §5 "Viewer"): entities keyed by id, and the
 * landmark edit mode. Every update names its target by id; an unknown id or a payload carrying another
 * id throws, so a stale or crossed server answer fails loudly instead of overwriting the wrong object.
 */

export type EntityKind = 'config' | 'intervention' | 'device' | 'variant' | 'landmark' | 'analysis';

export interface Identified {
  id: string;
}

export interface LandmarkEntity extends Identified {
  isEnabled: boolean;
  isPublished: boolean;
  points: readonly Point3[];
}

/** The entity type per kind; the web plugs in the contract's types, tests use minimal ones. */
export interface ViewerEntities {
  config: Identified;
  intervention: Identified;
  device: Identified;
  variant: Identified;
  analysis: Identified;
  landmark: LandmarkEntity;
}

export type EntityTables<E extends ViewerEntities> = { [K in EntityKind]: Readonly<Record<string, E[K]>> };

/** A landmark being placed: not on the server yet, so it has no id. */
export interface LandmarkDraft {
  analysisId: string;
  landmarkTypeId: string | null;
  geometryType: GeometryType;
  viewType: number;
  points: readonly Point3[];
}

export interface ViewerState<E extends ViewerEntities = ViewerEntities> {
  entities: EntityTables<E>;
  isEditing: boolean;
  draft: LandmarkDraft | null;
}

type PerKind<E extends ViewerEntities, A> = { [K in EntityKind]: A & { kind: K; item: E[K] } }[EntityKind];

export type ViewerAction<E extends ViewerEntities = ViewerEntities> =
  | { [K in EntityKind]: { type: 'load'; kind: K; items: readonly E[K][] } }[EntityKind]
  | { [K in EntityKind]: { type: 'update'; kind: K; id: string; changes: Partial<E[K]> } }[EntityKind]
  | PerKind<E, { type: 'add' }>
  | { type: 'remove'; kind: EntityKind; id: string }
  | { type: 'landmark/point'; id: string; index: number; point: Point3 }
  | { type: 'edit/enter' }
  | { type: 'edit/leave' }
  | { type: 'draft/initialise'; draft: Omit<LandmarkDraft, 'points'> }
  | { type: 'draft/point'; index: number; point: Point3 }
  | { type: 'draft/cancel' }
  | { type: 'draft/saved'; landmark: E['landmark'] };

export const emptyViewerState = <E extends ViewerEntities = ViewerEntities>(): ViewerState<E> => ({
  entities: { config: {}, intervention: {}, device: {}, variant: {}, landmark: {}, analysis: {} },
  isEditing: false,
  draft: null,
});

type Table = Readonly<Record<string, Identified>>;

function existing(table: Table, kind: EntityKind, id: string): Identified {
  const found = Object.hasOwn(table, id) ? table[id] : undefined;
  if (!found) throw new Error(`Unknown ${kind} id ${id}.`);
  return found;
}

function updated(table: Table, kind: EntityKind, id: string, changes: Partial<Identified>): Table {
  const current = existing(table, kind, id);
  if (changes.id !== undefined && changes.id !== id) {
    throw new Error(`The ${kind} update for id ${id} carries id ${changes.id}.`);
  }
  return { ...table, [id]: { ...current, ...changes } };
}

function loaded(kind: EntityKind, items: readonly Identified[]): Table {
  const table: Record<string, Identified> = {};
  for (const item of items) {
    if (Object.hasOwn(table, item.id)) throw new Error(`Duplicate ${kind} id ${item.id}.`);
    table[item.id] = item;
  }
  return table;
}

/** Replaces point `index`, or appends when `index` is the current count. */
function withPoint(points: readonly Point3[], index: number, point: Point3): Point3[] {
  if (!Number.isInteger(index) || index < 0 || index > points.length) {
    throw new Error(`Point ${index} is out of range (0–${points.length}).`);
  }
  const next = [...points];
  next[index] = point;
  return next;
}

function requireEditing(state: ViewerState<ViewerEntities>, what: string): void {
  if (!state.isEditing) throw new Error(`${what} needs edit mode.`);
}

function requireDraft(state: ViewerState<ViewerEntities>): LandmarkDraft {
  if (!state.draft) throw new Error('No new landmark is being placed.');
  return state.draft;
}

function placeDraftPoint(draft: LandmarkDraft, index: number, point: Point3): LandmarkDraft {
  const points = withPoint(draft.points, index, point);
  const { max } = requiredPointCount(draft.geometryType);
  if (points.length > max) {
    throw new Error(`A ${GEOMETRY_TYPE_LABELS[draft.geometryType].toLowerCase()} takes at most ${max} points.`);
  }
  return { ...draft, points };
}

export function viewerReducer<E extends ViewerEntities>(
  state: ViewerState<E>,
  action: ViewerAction<E>,
): ViewerState<E> {
  // The tables are handled by kind at run time; their per-kind types are the action's business.
  const plain = state as unknown as ViewerState<ViewerEntities>;
  const withTable = (kind: EntityKind, table: Table) =>
    ({ ...state, entities: { ...state.entities, [kind]: table } }) as ViewerState<E>;
  const landmarks = plain.entities.landmark;
  switch (action.type) {
    case 'load':
      return withTable(action.kind, loaded(action.kind, action.items));
    case 'update':
      return withTable(action.kind, updated(plain.entities[action.kind], action.kind, action.id, action.changes));
    case 'add': {
      if (Object.hasOwn(plain.entities[action.kind], action.item.id)) {
        throw new Error(`Duplicate ${action.kind} id ${action.item.id}.`);
      }
      return withTable(action.kind, { ...plain.entities[action.kind], [action.item.id]: action.item });
    }
    case 'remove': {
      existing(plain.entities[action.kind], action.kind, action.id);
      const { [action.id]: _removed, ...rest } = plain.entities[action.kind];
      return withTable(action.kind, rest);
    }
    case 'landmark/point': {
      requireEditing(plain, 'Moving a landmark point');
      const landmark = existing(landmarks, 'landmark', action.id) as LandmarkEntity;
      const points = withPoint(landmark.points, action.index, action.point);
      return withTable('landmark', updated(landmarks, 'landmark', action.id, { points } as Partial<Identified>));
    }
    case 'edit/enter':
      return { ...state, isEditing: true };
    case 'edit/leave': {
      // Spec §4: leaving edit mode keeps enabled only the published landmarks.
      const table = Object.fromEntries(
        Object.values(landmarks as Readonly<Record<string, LandmarkEntity>>).map((landmark) => [
          landmark.id,
          { ...landmark, isEnabled: landmark.isPublished },
        ]),
      );
      return { ...withTable('landmark', table), isEditing: false, draft: null };
    }
    case 'draft/initialise':
      requireEditing(plain, 'Placing a new landmark');
      return { ...state, draft: { ...action.draft, points: [] } };
    case 'draft/point':
      requireEditing(plain, 'Placing a landmark point');
      return { ...state, draft: placeDraftPoint(requireDraft(plain), action.index, action.point) };
    case 'draft/cancel':
      return { ...state, draft: null };
    case 'draft/saved': {
      requireDraft(plain);
      if (Object.hasOwn(landmarks, action.landmark.id)) throw new Error(`Duplicate landmark id ${action.landmark.id}.`);
      return { ...withTable('landmark', { ...landmarks, [action.landmark.id]: action.landmark }), draft: null };
    }
  }
}
