import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';

/** Undoes quoted-printable (nodemailer's encoding of long lines): soft breaks and `=XX` escapes. */
const decodeQuotedPrintable = (text: string) =>
  text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/**
 * The first match of `pattern` in the newest .eml in DATA_DIR/outbox addressed to `to` (the server's
 * default transport writes every sent mail there), waiting for the mail workers to send it.
 */
export async function linkFromOutbox(dataDir: string, to: string, pattern: RegExp): Promise<string> {
  const outbox = join(dataDir, 'outbox');
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const names = (await readdir(outbox).catch(() => [] as string[])).filter((n) => n.endsWith('.eml')).sort();
    for (const name of names.reverse()) {
      const mail = decodeQuotedPrintable(await readFile(join(outbox, name), 'utf8'));
      if (!new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}\\s*$`, 'mi').test(mail)) continue;
      const match = pattern.exec(mail);
      if (match) return match[0];
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No mail to ${to} matching ${pattern} in ${outbox}`);
}

/**
 * Approves a registration as the administration screens will (primary organisation and roles), through
 * the server's test hook: the e2e server runs with TEST_HOOKS_TOKEN set.
 */
export async function approveRegistration(
  request: APIRequestContext,
  token: string,
  approval: { email: string; organisationCode: string; roles: string[] },
): Promise<void> {
  const res = await request.post('/api/test-hooks/approve-registration/', {
    headers: { 'x-test-hooks-token': token },
    data: approval,
  });
  expect(res.status(), await res.text()).toBe(204);
}

/**
 * Setup, not under test: a new user registers through the API asking for `organisationName`, and verifies
 * the address with the e-mailed link, so an administrator finds a verified registration waiting. Each call
 * makes its own address, so a spec that approves it runs again on the same data (issue 30, CI robustness).
 */
export async function verifiedPendingRegistration(
  request: APIRequestContext,
  dataDir: string,
  organisationName: string,
): Promise<{ email: string; password: string }> {
  const email = `pending-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.org`;
  const password = 'amber lantern meadow 7 quietly';
  const registered = await request.post('/api/registration/', {
    data: {
      givenName: 'Pat',
      familyName: 'Pending',
      phoneNumber: '+31 10 000 0000',
      email,
      password,
      password2: password,
      organisationName,
    },
  });
  expect(registered.status(), await registered.text()).toBe(202);
  const link = await linkFromOutbox(dataDir, email, /\/emailverification\/([\w-]+\.[\w-]+)/);
  const key = link.split('/emailverification/')[1];
  const verified = await request.get(`/api/emailverification/${key}/`);
  expect(verified.status(), await verified.text()).toBe(200);
  return { email, password };
}
