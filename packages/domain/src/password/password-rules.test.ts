import { describe, expect, it } from 'vitest';
import { checkPassword, checkPasswordFully, PASSWORD_MESSAGES } from './password-rules.ts';
import { loadPasswordStrength } from './password-strength.ts';

const user = { email: 'ada.lovelace@example.org', names: ['Ada', null, 'Lovelace'] };
const strong = 'violet kettle harbour 42 drift';

describe('checkPassword', () => {
  it('accepts a long, uncommon passphrase', async () => {
    const check = await checkPasswordFully(strong, user);
    expect(check).toMatchObject({ ok: true, errors: [] });
    expect(check.strength?.score).toBeGreaterThanOrEqual(3);
  });

  it('refuses fewer than 15 and more than 128 characters', () => {
    expect(checkPassword('a'.repeat(14), user, null).errors).toContain(PASSWORD_MESSAGES.tooShort);
    expect(checkPassword('violet kettle h', user, null).ok).toBe(true);
    expect(checkPassword('x'.repeat(129), user, null).errors).toEqual([PASSWORD_MESSAGES.tooLong]);
  });

  it('refuses the e-mail address and the name, whatever the case', () => {
    expect(checkPassword('ADA.LOVELACE@example.org', user, null).errors).toContain(PASSWORD_MESSAGES.sameAsEmail);
    const named = { email: 'x@example.org', names: ['Bartholomew', 'Fitzgerald'] };
    expect(checkPassword('bartholomew fitzgerald', named, null).errors).toContain(PASSWORD_MESSAGES.sameAsName);
    expect(checkPassword('BartholomewFitzgerald', named, null).errors).toContain(PASSWORD_MESSAGES.sameAsName);
  });

  it('refuses common, breached and patterned passwords through zxcvbn', async () => {
    const strength = await loadPasswordStrength();
    for (const weak of ['passwordpassword', '123456789012345', 'qwertyuiopasdfgh', 'aaaaaaaaaaaaaaaa']) {
      const check = checkPassword(weak, user, strength);
      expect(check.errors, weak).toEqual([PASSWORD_MESSAGES.tooCommon]);
      expect(check.strength?.score, weak).toBeLessThan(3);
    }
  });

  it('counts the personal data as guessable', async () => {
    const strength = await loadPasswordStrength();
    expect(checkPassword('adalovelace1815', user, strength).ok).toBe(false);
    expect(checkPassword('ada.lovelace2024', user, strength).ok).toBe(false);
    expect(checkPassword('ada.lovelace2024', { email: 'x@example.org' }, strength).ok).toBe(true);
  });

  it('gives English feedback for the meter', async () => {
    const strength = await loadPasswordStrength();
    const verdict = strength('passwordpassword', []);
    expect(verdict.warning).toMatch(/[A-Z].*\./);
  });
});
