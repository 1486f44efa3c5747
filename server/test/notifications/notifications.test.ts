import { readFile } from 'node:fs/promises';
import { CaseStatus, OrderStatus } from '@cardiomap/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phantomSeries } from '../../src/imaging/testing/phantom.ts';
import { smtpMailer } from '../../src/plugins/mail.ts';
import { insertCase } from '../cases/case-fixtures.ts';
import { bearer, signIn } from '../helpers/auth.ts';
import { SmtpPeer } from '../helpers/smtp-peer.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { type NamedBytes, scratch } from '../imaging/ingest/ingest-fixtures.ts';
import { userId } from '../orders/fixtures.ts';

const BASE = 'https://cardiomap.example';
const RESPONSIBLE = 'physician@cardiomap.test';
const SHARED = 'other-physician@cardiomap.test';
const INACTIVE = 'inactive@cardiomap.test';
const PATIENT = 'PATIENT-SECRET-4711';

/** The message as a reader sees it: folded header lines joined, quoted-printable soft breaks and escapes undone. */
const decoded = (data: string): string =>
  data
    .replace(/\r?\n[ \t]+/g, ' ')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/**
 * Issue 17 §3 at the API: each event a clinician hears about, written in the transaction of the change,
 * sent by the in-process workers after the commit to a real SMTP server, to the case responsible and the
 * users it is shared with, never with a patient identifier.
 */
describe('case notifications by e-mail', () => {
  let t: TestApp;
  let peer: SmtpPeer;
  const tokens: Record<string, string> = {};
  const work = scratch();
  let reasonId = '';

  const as = (who: string) => ({ headers: bearer(tokens[who] ?? '') });
  const outboxRecipients = async (eventKey: string) =>
    (
      await t.database.query<{ recipient: string }>('SELECT recipient FROM mail_outbox WHERE event_key = $1', [
        eventKey,
      ])
    ).map((r) => r.recipient);

  /** The mails received for a case whose subject says `about`, once `count` have arrived. */
  async function mailsAbout(caseIdentifier: string, about: string, count: number) {
    const matching = () =>
      peer.received
        .map((m) => ({ to: m.to, text: decoded(m.data) }))
        .filter((m) => m.text.includes(`Subject: CardioMap case ${caseIdentifier}: ${about}`));
    await expect.poll(() => matching().length, { timeout: 90_000, interval: 100 }).toBe(count);
    return matching();
  }

  /** A case of HVC, its responsible the physician, shared with a physician of NCL, an inactive user and an address without account. */
  async function sharedCase(options: Parameters<typeof insertCase>[1] = {}) {
    const c = await insertCase(t, { status: CaseStatus.IN_PROGRESS, patientIdentifier: PATIENT, ...options });
    const sharer = await userId(t, RESPONSIBLE);
    for (const email of [SHARED, INACTIVE]) {
      await t.database.query(
        'INSERT INTO shared_cases (case_id, user_id, email, shared_by_id) VALUES ($1, $2, $3, $4)',
        [c.id, await userId(t, email), email, sharer],
      );
    }
    await t.database.query('INSERT INTO shared_cases (case_id, email, shared_by_id) VALUES ($1, $2, $3)', [
      c.id,
      'no-account@cardiomap.test',
      sharer,
    ]);
    return c;
  }

  beforeAll(async () => {
    peer = new SmtpPeer();
    await peer.start();
    t = await createTestApp({
      mailer: smtpMailer(peer.url, 'CardioMap <no-reply@cardiomap.test>'),
      env: { RUN_WORKERS: 'true', PUBLIC_URL: BASE },
    });
    await t.database.query('UPDATE users SET is_active = false WHERE email = $1', [INACTIVE]);
    for (const who of ['physician', 'case-manager']) tokens[who] = (await signIn(t, `${who}@cardiomap.test`)).access;
    reasonId =
      (await t.database.query<{ id: string }>('SELECT id FROM rejection_reasons ORDER BY name LIMIT 1'))[0]?.id ?? '';
  });
  afterAll(async () => {
    await t.close();
    await peer.stop();
    await (await work).cleanup();
  });

  function expectNoPatientIdentifier(mails: { text: string }[]) {
    for (const mail of mails) expect(mail.text).not.toContain(PATIENT);
  }

  it('tells the responsible and the shared users when an order is delivered, with a link to the result', async () => {
    const c = await sharedCase();
    const [study] = await t.database.query<{ id: string }>('INSERT INTO studies (case_id) VALUES ($1) RETURNING id', [
      c.id,
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/deliveries/',
      payload: { orderId: c.orderIds[0] },
      ...as('case-manager'),
    });
    expect(res.statusCode).toBe(201);
    const mails = await mailsAbout(c.caseIdentifier, 'results ready', 2);
    expect(mails.map((m) => m.to).sort()).toEqual([[SHARED], [RESPONSIBLE]]);
    for (const mail of mails) {
      expect(mail.text).toContain(`${BASE}/study-viewer/${study?.id}/3dsurfaceviewer`);
      expect(mail.text).toContain(`${BASE}/case-detail/${c.id}`);
      expect(mail.text).toContain('Content-Type: text/html');
    }
    expectNoPatientIdentifier(mails);
    // Inactive users and addresses without an account are not written to at all.
    const recipients = await outboxRecipients(`order.deliver:${res.json().id}`);
    expect(recipients).toHaveLength(2);
    expect(recipients).not.toContain(INACTIVE);
    expect(recipients).not.toContain('no-account@cardiomap.test');

    // Obsoleting that delivery is the next event.
    const obsoleted = await t.app.inject({
      method: 'PUT',
      url: `/api/deliveries/${res.json().id}/obsolete/`,
      ...as('case-manager'),
    });
    expect(obsoleted.statusCode).toBe(200);
    const obsoleteMails = await mailsAbout(c.caseIdentifier, 'delivery obsoleted', 2);
    expect(obsoleteMails[0]?.text).toContain('marked obsolete');
    expectNoPatientIdentifier(obsoleteMails);
  });

  it('tells them when a delivery of a research case is undone', async () => {
    const c = await sharedCase({ isResearch: true });
    const delivered = await t.app.inject({
      method: 'POST',
      url: '/api/deliveries/',
      payload: { orderId: c.orderIds[0] },
      ...as('case-manager'),
    });
    expect(delivered.statusCode).toBe(201);
    await mailsAbout(c.caseIdentifier, 'results ready', 2);
    const undone = await t.app.inject({
      method: 'DELETE',
      url: `/api/deliveries/${delivered.json().id}/`,
      ...as('case-manager'),
    });
    expect(undone.statusCode).toBe(204);
    const mails = await mailsAbout(c.caseIdentifier, 'delivery undone', 2);
    expect(mails[0]?.text).toContain('was undone');
    expectNoPatientIdentifier(mails);
  });

  it('tells them when the case is rejected, with the reason but not the free-text comment', async () => {
    const c = await sharedCase();
    const comment = `Scan of ${PATIENT} is unusable`;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/cases/${c.id}/reject/`,
      payload: { reasonId, comment },
      ...as('case-manager'),
    });
    expect(res.statusCode).toBe(200);
    const mails = await mailsAbout(c.caseIdentifier, 'could not be processed', 2);
    const [reason] = await t.database.query<{ name: string }>('SELECT name FROM rejection_reasons WHERE id = $1', [
      reasonId,
    ]);
    expect(mails[0]?.text).toContain(`Reason: ${reason?.name}`);
    expect(mails[0]?.text).not.toContain('unusable');
    expectNoPatientIdentifier(mails);
  });

  it('writes no mail for a degradation (not an event the issue names) and none for a refused change', async () => {
    const c = await sharedCase();
    const degraded = await t.app.inject({
      method: 'POST',
      url: '/api/degradations/',
      payload: { orderId: c.orderIds[0], remark: 'Non-clinical licence' },
      ...as('case-manager'),
    });
    expect(degraded.statusCode).toBe(201);
    // A reject refused with 409 (the order below is delivered) rolls its mail back with it.
    await t.database.query('UPDATE orders SET status = $1 WHERE id = $2', [OrderStatus.DELIVERED, c.orderIds[0]]);
    const refused = await t.app.inject({
      method: 'PUT',
      url: `/api/cases/${c.id}/reject/`,
      payload: { reasonId, comment: '' },
      ...as('case-manager'),
    });
    expect(refused.statusCode).toBe(409);
    const rows = await t.database.query('SELECT id FROM mail_outbox WHERE event_key LIKE $1 OR event_key = $2', [
      `%${c.orderIds[0]}%`,
      `case.reject:${c.id}`,
    ]);
    expect(rows).toEqual([]);
  });

  it('writes to no one who may not see cases, responsible or share recipient (issue 27)', async () => {
    const c = await insertCase(t, { status: CaseStatus.IN_PROGRESS, createdBy: 'template-manager@cardiomap.test' });
    const sharer = await userId(t, RESPONSIBLE);
    for (const email of [SHARED, 'pending@cardiomap.test']) {
      await t.database.query(
        'INSERT INTO shared_cases (case_id, user_id, email, shared_by_id) VALUES ($1, $2, $3, $4)',
        [c.id, await userId(t, email), email, sharer],
      );
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/deliveries/',
      payload: { orderId: c.orderIds[0] },
      ...as('case-manager'),
    });
    expect(res.statusCode).toBe(201);
    // Written in the delivery's transaction: the outbox already holds every recipient.
    expect(await outboxRecipients(`order.deliver:${res.json().id}`)).toEqual([SHARED]);
  });

  async function upload(caseId: string, files: NamedBytes[]) {
    const zipPath = await (await work).zip(files);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/input-data/',
      payload: { caseId, filename: 'ct.zip' },
      ...as('physician'),
    });
    const { id, writeUrl } = created.json();
    expect((await t.app.inject({ method: 'PUT', url: writeUrl, payload: await readFile(zipPath) })).statusCode).toBe(
      200,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/input-data/${id}/confirm-upload/`, ...as('physician') })).json()
        .uploadSuccessful,
    ).toBe(true);
  }

  it('tells them when the images are accepted and the case is in progress', { timeout: 120_000 }, async () => {
    const c = await sharedCase({ status: CaseStatus.CREATED });
    await upload(c.id, phantomSeries({ count: 12, rows: 32, columns: 32, spacing: 2.5, patientId: PATIENT }));
    const status = async () =>
      (await t.database.query<{ status: number }>('SELECT status FROM cases WHERE id = $1', [c.id]))[0]?.status;
    await expect.poll(status, { timeout: 90_000, interval: 200 }).not.toBe(CaseStatus.SUBMITTED);
    expect(await status()).toBe(CaseStatus.IN_PROGRESS);
    const mails = await mailsAbout(c.caseIdentifier, 'images accepted, analysis in progress', 2);
    expect(mails.map((m) => m.to).sort()).toEqual([[SHARED], [RESPONSIBLE]]);
    expect(mails[0]?.text).toContain(`${BASE}/case-detail/${c.id}`);
    expectNoPatientIdentifier(mails);
  });

  it('tells them when the input is invalid, with the reasons and what to do, without the upload file names', async () => {
    const c = await sharedCase({ status: CaseStatus.CREATED });
    await upload(c.id, [{ name: `${PATIENT}/report.txt`, bytes: Buffer.from('not an image') }]);
    const mails = await mailsAbout(c.caseIdentifier, 'the images could not be used', 2);
    expect(mails[0]?.text).toContain('No CT images were found');
    expect(mails[0]?.text).toContain('upload the images again');
    expect(mails[0]?.text).toContain('cancel it');
    expectNoPatientIdentifier(mails);
  });
});
