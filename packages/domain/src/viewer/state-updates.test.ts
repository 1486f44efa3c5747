import { describe, expect, it } from 'vitest';
import {
  addById,
  patchById,
  removeById,
  replaceById,
  replaceOne,
  type ViewerEntityKind,
  ViewerStateError,
} from './state-updates.ts';

const KINDS: ViewerEntityKind[] = ['config', 'intervention', 'device', 'variant', 'landmark', 'analysis'];
const items = [
  { id: 'a', name: 'A' },
  { id: 'b', name: 'B' },
];

/** The thrown error, to check its kind and reason as well as its message. */
function thrown(update: () => unknown): ViewerStateError {
  try {
    update();
  } catch (error) {
    if (error instanceof ViewerStateError) return error;
    throw error;
  }
  throw new Error('The update was applied');
}

describe('viewer state updates (spec §5 Viewer)', () => {
  describe.each(KINDS)('%s', (kind) => {
    it('applies an update of a known id whose value names the same id', () => {
      expect(replaceById(kind, items, 'b', { id: 'b', name: 'B2' })).toEqual([items[0], { id: 'b', name: 'B2' }]);
      expect(patchById(kind, items, 'a', { name: 'A2' })).toEqual([{ id: 'a', name: 'A2' }, items[1]]);
      expect(patchById(kind, items, 'a', { id: 'a', name: 'A3' })[0]).toEqual({ id: 'a', name: 'A3' });
      expect(removeById(kind, items, 'a')).toEqual([items[1]]);
      expect(addById(kind, items, { id: 'c', name: 'C' })).toHaveLength(3);
      expect(replaceOne(kind, items[0], 'a', { id: 'a', name: 'A4' })).toEqual({ id: 'a', name: 'A4' });
      expect(replaceOne(kind, null, 'z', { id: 'z', name: 'Z' })).toEqual({ id: 'z', name: 'Z' });
    });

    it('throws on an unknown id', () => {
      for (const update of [
        () => replaceById(kind, items, 'x', { id: 'x', name: 'X' }),
        () => patchById(kind, items, 'x', { name: 'X' }),
        () => removeById(kind, items, 'x'),
        () => replaceOne(kind, items[0], 'x', { id: 'x', name: 'X' }),
      ]) {
        expect(thrown(update)).toMatchObject({
          kind,
          reason: 'unknown-id',
          message: expect.stringMatching(/ x is not/),
        });
      }
    });

    it('throws on a value whose id does not match the id updated', () => {
      for (const update of [
        () => replaceById(kind, items, 'a', { id: 'b', name: 'B' }),
        () => patchById(kind, items, 'a', { id: 'b' }),
        () => replaceOne(kind, items[0], 'a', { id: 'b', name: 'B' }),
      ]) {
        expect(thrown(update)).toMatchObject({ kind, reason: 'mismatching-id' });
      }
    });

    it('throws on an addition of an id already held, and leaves the state as it was', () => {
      const before = items.map((item) => ({ ...item }));
      expect(thrown(() => addById(kind, items, { id: 'a', name: 'A again' }))).toMatchObject({
        reason: 'duplicate-id',
      });
      expect(items).toEqual(before);
    });
  });

  it('says which kind of thing was refused', () => {
    expect(thrown(() => removeById('variant', items, 'x')).message).toBe(
      "Device variant x is not in the viewer's state: the change was not applied.",
    );
    expect(thrown(() => replaceById('landmark', items, 'a', { id: 'b', name: 'B' })).message).toBe(
      'Landmark a cannot take the value of b: the change was not applied.',
    );
  });
});
