import { readFile } from 'node:fs/promises';
import { CaseStatus } from '@cardiomap/contract';
import { phantomSeries } from '../../src/imaging/testing/phantom.ts';
import { insertCase } from '../cases/case-fixtures.ts';
import { bearer } from '../helpers/auth.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { scratch } from '../imaging/ingest/ingest-fixtures.ts';

export const PHANTOM_SLICES = 12;

/** A small phantom CT uploaded to a new case and confirmed (which queues its ingest); answers the case id. */
export async function uploadPhantom(t: TestApp, token: string): Promise<string> {
  const work = await scratch();
  try {
    const c = await insertCase(t);
    const zipPath = await work.zip(phantomSeries({ count: PHANTOM_SLICES }));
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/input-data/',
      headers: bearer(token),
      payload: { caseId: c.id, filename: 'ct.zip' },
    });
    const { id, writeUrl } = created.json();
    await t.app.inject({ method: 'PUT', url: writeUrl, payload: await readFile(zipPath) });
    const confirmed = await t.app.inject({
      method: 'GET',
      url: `/api/input-data/${id}/confirm-upload/`,
      headers: bearer(token),
    });
    if (confirmed.statusCode !== 200) throw new Error(`confirm-upload answered ${confirmed.statusCode}`);
    return c.id;
  } finally {
    await work.cleanup();
  }
}

/** Waits until the case has left SUBMITTED (its ingest ended), answering its status. */
export async function ingestSettled(t: TestApp, token: string, caseId: string, timeoutMs = 90_000): Promise<number> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const c = (await t.app.inject({ method: 'GET', url: `/api/cases/${caseId}/`, headers: bearer(token) })).json();
    if (c.status !== CaseStatus.SUBMITTED) return c.status;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the ingest did not end');
}
