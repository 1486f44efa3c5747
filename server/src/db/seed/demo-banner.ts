import { DEFAULT_DEMO_PASSWORD } from '../../config.ts';
import { DEMO_LOGINS } from './demo.ts';

/**
 * What `npm start` prints about the demo logins. The built-in password is public (README), so printing it
 * tells nothing; a password set in DEMO_PASSWORD is a secret of its deployment and never reaches the
 * console or a log collector (issue 27).
 */
export function demoLoginLines(demoPassword: string): string[] {
  const header =
    demoPassword === DEFAULT_DEMO_PASSWORD
      ? `Demo logins (password: ${demoPassword}):`
      : 'Demo logins (password: the one set in DEMO_PASSWORD):';
  return [header, ...DEMO_LOGINS.map((login) => `  ${login.email.padEnd(42)} ${login.note}`)];
}
