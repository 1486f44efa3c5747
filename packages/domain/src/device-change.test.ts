import { OrderStatus as O } from '@cardiomap/contract';
import { describe, expect, it } from 'vitest';
import { AMULET_LOCKED_MESSAGE, amuletLockDecision, orderDeviceChangeDecision } from './device-change.ts';

const AMULET = { id: 'amulet', name: 'Amplatzer Amulet' };
const WATCHMAN = { id: 'watchman', name: 'WATCHMAN FLX Pro' };

describe('changing the devices of an order (spec §4, §9)', () => {
  it.each([
    [O.IN_PROGRESS, true],
    [O.CANCELED, false],
    [O.DELIVERED, false],
    [O.OBSOLETED, false],
  ])('order status %i may change devices: %s', (status, allowed) => {
    expect(orderDeviceChangeDecision({ status }).allowed).toBe(allowed);
  });

  it('refuses dropping a delivered Amulet on an LAAO case', () => {
    expect(amuletLockDecision('LAAO', [AMULET], [WATCHMAN.id])).toEqual({
      allowed: false,
      reason: AMULET_LOCKED_MESSAGE,
    });
  });

  it('allows keeping the Amulet, adding to it, or changing when no Amulet was delivered', () => {
    expect(amuletLockDecision('LAAO', [AMULET], [AMULET.id]).allowed).toBe(true);
    expect(amuletLockDecision('LAAO', [AMULET], [WATCHMAN.id, AMULET.id]).allowed).toBe(true);
    expect(amuletLockDecision('LAAO', [WATCHMAN], [AMULET.id]).allowed).toBe(true);
    expect(amuletLockDecision('LAAO', [], [WATCHMAN.id]).allowed).toBe(true);
  });

  it('applies only to LAAO', () => {
    expect(amuletLockDecision('TAVI', [AMULET], [WATCHMAN.id]).allowed).toBe(true);
  });
});
