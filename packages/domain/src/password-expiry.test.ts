import { describe, expect, it } from 'vitest';
import { passwordExpiry } from './password-expiry.ts';

const now = new Date('2026-06-01T12:00:00Z');
const changed = (daysAgo: number) => new Date(now.getTime() - daysAgo * 86_400_000);

describe('passwordExpiry', () => {
  it.each([
    ['no policy', { lastPasswordChange: changed(1000), passwordExpiredAt: null, policy: null }, false, null],
    [
      'policy off',
      {
        lastPasswordChange: changed(1000),
        passwordExpiredAt: null,
        policy: { passwordExpires: false, passwordExpirationDays: 180 },
      },
      false,
      null,
    ],
    [
      '0 days means never',
      {
        lastPasswordChange: changed(1000),
        passwordExpiredAt: null,
        policy: { passwordExpires: true, passwordExpirationDays: 0 },
      },
      false,
      null,
    ],
    [
      'within 180 days',
      {
        lastPasswordChange: changed(179),
        passwordExpiredAt: null,
        policy: { passwordExpires: true, passwordExpirationDays: 180 },
      },
      false,
      changed(-1),
    ],
    [
      'exactly 180 days',
      {
        lastPasswordChange: changed(180),
        passwordExpiredAt: null,
        policy: { passwordExpires: true, passwordExpirationDays: 180 },
      },
      true,
      now,
    ],
    [
      'expired by an administrator',
      { lastPasswordChange: changed(1), passwordExpiredAt: changed(0.5), policy: null },
      true,
      changed(0.5),
    ],
    [
      'the earlier date wins',
      {
        lastPasswordChange: changed(10),
        passwordExpiredAt: changed(-30),
        policy: { passwordExpires: true, passwordExpirationDays: 20 },
      },
      false,
      changed(-10),
    ],
  ])('%s', (_, input, expired, expirationDate) => {
    expect(passwordExpiry(input, now)).toEqual({ expired, expirationDate });
  });
});
