import { GeometryType } from '@cardiomap/contract';
import { describe, expect, it } from 'vitest';
import type { Point3 } from './geometry.ts';
import {
  type EntityKind,
  emptyViewerState,
  type ViewerAction,
  type ViewerState,
  viewerReducer,
} from './viewer-state.ts';

const A = 'a0000000-0000-4000-8000-00000000000a';
const B = 'b0000000-0000-4000-8000-00000000000b';
const C = 'c0000000-0000-4000-8000-00000000000c';
const ANALYSIS = 'd0000000-0000-4000-8000-00000000000d';

const landmark = (id: string, isPublished: boolean, isEnabled = true) => ({
  id,
  isPublished,
  isEnabled,
  points: [[1, 2, 3]] as Point3[],
});

/** The kind-generic tests pick the kind at run time, which the action union cannot narrow. */
const forKind = (action: object) => action as ViewerAction;
const run = (state: ViewerState, ...actions: ViewerAction[]) => actions.reduce(viewerReducer, state);
const withLandmarks = run(emptyViewerState(), {
  type: 'load',
  kind: 'landmark',
  items: [landmark(A, true), landmark(B, false)],
});
const editing = run(withLandmarks, { type: 'edit/enter' });
const newDistance = {
  type: 'draft/initialise',
  draft: { analysisId: ANALYSIS, landmarkTypeId: null, geometryType: GeometryType.DISTANCE, viewType: 6 },
} as const;

describe('entity updates by id (spec §5 invariant)', () => {
  const kinds: EntityKind[] = ['config', 'intervention', 'device', 'variant', 'landmark', 'analysis'];

  it.each(kinds)('%s: updates the one with that id and leaves the others', (kind) => {
    const loaded = run(
      emptyViewerState(),
      forKind({ type: 'load', kind, items: [landmark(A, true), landmark(B, true)] }),
    );
    const next = viewerReducer(loaded, forKind({ type: 'update', kind, id: A, changes: { isPublished: false } }));
    expect(next.entities[kind][A]).toMatchObject({ id: A, isPublished: false });
    expect(next.entities[kind][B]).toBe(loaded.entities[kind][B]);
    expect(loaded.entities[kind][A]).toMatchObject({ isPublished: true });
  });

  it.each(kinds)('%s: an unknown id throws', (kind) => {
    const loaded = run(emptyViewerState(), forKind({ type: 'load', kind, items: [{ id: A }] }));
    expect(() => viewerReducer(loaded, forKind({ type: 'update', kind, id: C, changes: {} }))).toThrow(
      `Unknown ${kind} id ${C}.`,
    );
    expect(() => viewerReducer(loaded, { type: 'remove', kind, id: C })).toThrow(`Unknown ${kind} id ${C}.`);
  });

  it.each(kinds)('%s: a payload carrying another id throws', (kind) => {
    const loaded = run(emptyViewerState(), forKind({ type: 'load', kind, items: [{ id: A }, { id: B }] }));
    expect(() => viewerReducer(loaded, forKind({ type: 'update', kind, id: A, changes: { id: B } }))).toThrow(
      `The ${kind} update for id ${A} carries id ${B}.`,
    );
  });

  it('accepts a whole server answer carrying the same id', () => {
    const next = viewerReducer(withLandmarks, { type: 'update', kind: 'landmark', id: B, changes: landmark(B, true) });
    expect(next.entities.landmark[B]?.isPublished).toBe(true);
  });

  it('an id inherited from Object.prototype is still unknown', () => {
    expect(() =>
      viewerReducer(withLandmarks, { type: 'update', kind: 'landmark', id: 'toString', changes: {} }),
    ).toThrow('Unknown landmark id toString.');
  });

  it('load refuses duplicate ids; add refuses an existing id; remove drops only that one', () => {
    expect(() => run(emptyViewerState(), { type: 'load', kind: 'device', items: [{ id: A }, { id: A }] })).toThrow(
      `Duplicate device id ${A}.`,
    );
    expect(() => viewerReducer(withLandmarks, { type: 'add', kind: 'landmark', item: landmark(A, false) })).toThrow(
      `Duplicate landmark id ${A}.`,
    );
    const added = viewerReducer(withLandmarks, { type: 'add', kind: 'analysis', item: { id: C } });
    expect(Object.keys(added.entities.analysis)).toEqual([C]);
    expect(
      Object.keys(viewerReducer(withLandmarks, { type: 'remove', kind: 'landmark', id: A }).entities.landmark),
    ).toEqual([B]);
  });
});

describe('landmark edit mode', () => {
  it('leaving edit mode keeps enabled only the published landmarks', () => {
    const toggled = run(
      editing,
      { type: 'update', kind: 'landmark', id: B, changes: { isEnabled: true } },
      { type: 'add', kind: 'landmark', item: landmark(C, true, false) },
    );
    const left = viewerReducer(toggled, { type: 'edit/leave' });
    expect(left.isEditing).toBe(false);
    expect(left.entities.landmark[A]?.isEnabled).toBe(true);
    expect(left.entities.landmark[B]?.isEnabled).toBe(false);
    expect(left.entities.landmark[C]?.isEnabled).toBe(true);
  });

  it('places a new landmark: initialise, add and move points, save with the server answer', () => {
    const placing = run(
      editing,
      newDistance,
      { type: 'draft/point', index: 0, point: [0, 0, 0] },
      { type: 'draft/point', index: 1, point: [5, 0, 0] },
      { type: 'draft/point', index: 1, point: [3, 4, 0] },
    );
    expect(placing.draft?.points).toEqual([
      [0, 0, 0],
      [3, 4, 0],
    ]);
    const saved = viewerReducer(placing, { type: 'draft/saved', landmark: landmark(C, false) });
    expect(saved.draft).toBeNull();
    expect(saved.entities.landmark[C]).toEqual(landmark(C, false));
    expect(saved.isEditing).toBe(true);
  });

  it('cancel drops the new landmark and leaves the saved ones alone', () => {
    const canceled = run(
      editing,
      newDistance,
      { type: 'draft/point', index: 0, point: [1, 1, 1] },
      { type: 'draft/cancel' },
    );
    expect(canceled.draft).toBeNull();
    expect(canceled.entities).toEqual(editing.entities);
  });

  it('leaving edit mode discards a landmark still being placed', () => {
    expect(run(editing, newDistance, { type: 'edit/leave' }).draft).toBeNull();
  });

  it.each([
    ['a new landmark outside edit mode', withLandmarks, [newDistance], 'Placing a new landmark needs edit mode.'],
    [
      'a point without a new landmark',
      editing,
      [{ type: 'draft/point', index: 0, point: [0, 0, 0] }],
      'No new landmark is being placed.',
    ],
    [
      'a point beyond the next free index',
      editing,
      [newDistance, { type: 'draft/point', index: 1, point: [0, 0, 0] }],
      'Point 1 is out of range (0–0).',
    ],
    [
      'a third point on a distance',
      editing,
      [
        newDistance,
        { type: 'draft/point', index: 0, point: [0, 0, 0] },
        { type: 'draft/point', index: 1, point: [1, 0, 0] },
        { type: 'draft/point', index: 2, point: [2, 0, 0] },
      ],
      'A distance takes at most 2 points.',
    ],
    [
      'saving with nothing placed',
      editing,
      [{ type: 'draft/saved', landmark: landmark(C, false) }],
      'No new landmark is being placed.',
    ],
    [
      'saving under an existing id',
      editing,
      [newDistance, { type: 'draft/saved', landmark: landmark(A, false) }],
      `Duplicate landmark id ${A}.`,
    ],
    [
      'moving a point outside edit mode',
      withLandmarks,
      [{ type: 'landmark/point', id: A, index: 0, point: [0, 0, 0] }],
      'Moving a landmark point needs edit mode.',
    ],
    [
      'moving a point of an unknown landmark',
      editing,
      [{ type: 'landmark/point', id: C, index: 0, point: [0, 0, 0] }],
      `Unknown landmark id ${C}.`,
    ],
  ] as [string, ViewerState, ViewerAction[], string][])('refuses %s', (_, state, actions, message) => {
    expect(() => run(state, ...actions)).toThrow(message);
  });

  it('moves a point of a saved landmark in edit mode', () => {
    const moved = viewerReducer(editing, { type: 'landmark/point', id: A, index: 0, point: [9, 9, 9] });
    expect(moved.entities.landmark[A]?.points).toEqual([[9, 9, 9]]);
    expect(editing.entities.landmark[A]?.points).toEqual([[1, 2, 3]]);
  });
});
