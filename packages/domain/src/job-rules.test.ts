import { describe, expect, it } from 'vitest';
import { maySeeJobLog } from './job-rules.ts';
import { ROLE_PERMISSIONS, type Role } from './roles.ts';

describe('maySeeJobLog', () => {
  it.each<[Role, boolean]>([
    ['Superuser', true],
    ['Clinical Services Manager', true],
    ['Case Manager', true],
    ['Case Analyst', true],
    ['Development', true],
    ['RnD Engineer', true],
    ['Physician', false],
    ['Field Clinical Specialist', false],
    ['Customer Support', false],
    ['Venus Support', false],
  ])('%s: %s', (role, expected) => {
    expect(maySeeJobLog(new Set(ROLE_PERMISSIONS[role]))).toBe(expected);
  });
});
