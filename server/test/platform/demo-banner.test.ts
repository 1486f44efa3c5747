import { describe, expect, it } from 'vitest';
import { DEFAULT_DEMO_PASSWORD, loadConfig } from '../../src/config.ts';
import { demoLoginLines } from '../../src/db/seed/demo-banner.ts';

describe('the demo logins npm start prints (issue 27)', () => {
  it('names the built-in password, which the README publishes anyway', () => {
    expect(demoLoginLines(DEFAULT_DEMO_PASSWORD)[0]).toBe(`Demo logins (password: ${DEFAULT_DEMO_PASSWORD}):`);
  });

  it('never prints a password set in DEMO_PASSWORD', () => {
    const secret = 'a-deployment-secret-password-77';
    const lines = demoLoginLines(secret);
    expect(lines.join('\n')).not.toContain(secret);
    expect(lines[0]).toBe('Demo logins (password: the one set in DEMO_PASSWORD):');
    expect(lines.some((line) => line.includes('superuser@cardiomap.test'))).toBe(true);
  });

  it('takes an empty DEMO_PASSWORD (compose without demo data) as unset', () => {
    expect(loadConfig({ DEMO_PASSWORD: '' }).demoPassword).toBe(DEFAULT_DEMO_PASSWORD);
  });
});
