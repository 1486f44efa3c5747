import {
  createUserSchema,
  NAME_MESSAGES,
  personName,
  registerRequestSchema,
  routes,
  updateUserSchema,
} from '@cardiomap/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

const rule = personName(z.string().trim().max(150));

/** Issue 27 (Low): names reach e-mail verbatim, so what would forge a line, reorder text or link is refused. */
describe('personName', () => {
  it.each(['Anne-Marie', "O'Neil", 'José María', '李 小龍', 'Dr. St. John', 'Ørsted-Bü'])('accepts %j', (name) => {
    expect(rule.safeParse(name).success).toBe(true);
  });

  it.each([
    ['Eve\r\nBcc: victim@example.org', NAME_MESSAGES.controlCharacters],
    ['Eve\nSmith', NAME_MESSAGES.controlCharacters],
    ['Eve\tSmith', NAME_MESSAGES.controlCharacters],
    ['Eve\u0000', NAME_MESSAGES.controlCharacters],
    ['Eve\u0085Smith', NAME_MESSAGES.controlCharacters],
    ['Eve\u202Ehtims', NAME_MESSAGES.controlCharacters],
    ['Eve\u2066x\u2069', NAME_MESSAGES.controlCharacters],
    ['Eve\u2028Smith', NAME_MESSAGES.controlCharacters],
    ['Visit https://evil.example', NAME_MESSAGES.webAddress],
    ['www.evil.example', NAME_MESSAGES.webAddress],
  ])('refuses %j', (name, message) => {
    const parsed = rule.safeParse(name);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toContain(message);
  });

  it('guards every schema that takes a person’s name: registration, admin users, profile change', () => {
    const bad = 'Eve\r\nBcc: victim@example.org';
    const fieldsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
      (result.error?.issues ?? []).map((i) => String(i.path[0]));
    const profile = routes.profileChange.body;
    for (const field of ['givenName', 'middleName', 'familyName']) {
      expect(fieldsOf(registerRequestSchema.safeParse({ [field]: bad })), `register ${field}`).toContain(field);
      expect(fieldsOf(createUserSchema.safeParse({ [field]: bad })), `create ${field}`).toContain(field);
      expect(fieldsOf(updateUserSchema.safeParse({ [field]: bad })), `update ${field}`).toContain(field);
      expect(fieldsOf(profile.safeParse({ [field]: bad })), `profile ${field}`).toContain(field);
    }
  });
});
