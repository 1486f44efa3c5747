import { describe, expect, it } from 'vitest';
import { KeptLists } from '../../src/modules/users/kept-lists.ts';

describe('KeptLists', () => {
  it('forgets the least recently used list beyond its bound', () => {
    const kept = new KeptLists(2);
    kept.keep('a', { version: '1', ids: ['x'] });
    kept.keep('b', { version: '1', ids: ['y'] });
    expect(kept.get('a')?.ids).toEqual(['x']);
    kept.keep('c', { version: '1', ids: ['z'] });
    expect(kept.size).toBe(2);
    expect(kept.get('b')).toBeUndefined();
    expect(kept.get('a')).toBeDefined();
    kept.forget('a');
    expect(kept.get('a')).toBeUndefined();
  });
});
