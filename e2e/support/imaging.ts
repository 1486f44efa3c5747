import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, type CDPSession, expect, type Page } from '@playwright/test';
import yazl from 'yazl';
import { accessTokenOf } from './demo.ts';

/**
 * The shared DICOM data beside the repository (never committed): /work/main → /work/shared/dicom. A
 * worktree sits one level deeper (/work/wt/<branch>), so the nearest ancestor holding shared/dicom wins.
 */
function findSharedDicom(): string {
  const repo = fileURLToPath(new URL('../../', import.meta.url));
  for (let dir = dirname(repo); dir !== dirname(dir); dir = dirname(dir)) {
    if (existsSync(join(dir, 'shared', 'dicom'))) return join(dir, 'shared', 'dicom');
  }
  return fileURLToPath(new URL('../../../shared/dicom/', import.meta.url));
}
export const SHARED_DICOM_DIR = findSharedDicom();
export const REAL_SERIES_DIR = join(
  SHARED_DICOM_DIR,
  'series/tcia-pancreatic-ct-cbct-seg_philips-brilliance-bigbore_134sl',
);
export const hasRealSeries = (): boolean => existsSync(REAL_SERIES_DIR);

/**
 * Zips every file of `folder` (flat, names relative to it) into `zipPath` with yazl (the server's zip
 * writer, so no system zip is needed): deflated at the fastest level — the test is about upload and
 * ingest, not a few per cent of bytes — or stored.
 */
export async function zipFolder(folder: string, zipPath: string, options: { store?: boolean } = {}): Promise<string> {
  const zip = new yazl.ZipFile();
  const written = pipeline(zip.outputStream as unknown as Readable, createWriteStream(zipPath));
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    if (!entry.isFile()) continue;
    zip.addFile(join(folder, entry.name), entry.name, { compressionLevel: options.store ? 0 : 1 });
  }
  zip.end();
  await written;
  return zipPath;
}

/** A zip of a few plain-text files: valid as a zip, with nothing in it the ingest can use. */
export async function zipOfTextFiles(workDir: string, zipPath: string): Promise<string> {
  const folder = join(workDir, 'not-dicom');
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, 'readme.txt'), 'These are not images.\n'.repeat(200));
  await writeFile(join(folder, 'report.csv'), 'slice,value\n1,2\n'.repeat(500));
  return zipFolder(folder, zipPath);
}

/** A file of `bytes` zero bytes, named like a zip: its content never matters when it is not confirmed. */
export async function fileOfSize(path: string, bytes: number): Promise<string> {
  await writeFile(path, Buffer.alloc(bytes));
  return path;
}

/**
 * Chromium's own network throttling (DevTools protocol): the upload of a local file to a local server
 * is otherwise over before the progress bar can be seen. `uploadBytesPerSecond` null lifts it.
 */
export async function throttleUpload(page: Page, uploadBytesPerSecond: number | null): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: uploadBytesPerSecond ?? -1,
  });
  return cdp;
}

/** The REST API as the signed-in user of `page` (a bearer token of its sign-in, by its refresh cookie). */
export class ApiAs {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly access: string,
  ) {}

  static async of(page: Page): Promise<ApiAs> {
    return new ApiAs(page.request, await accessTokenOf(page));
  }

  async get<T>(path: string): Promise<T> {
    const response = await this.request.get(path, { headers: { authorization: `Bearer ${this.access}` } });
    expect(response.status(), `GET ${path}`).toBe(200);
    return (await response.json()) as T;
  }

  async post<T>(path: string, data: unknown): Promise<T> {
    const response = await this.request.post(path, { data, headers: { authorization: `Bearer ${this.access}` } });
    expect(response.status(), `POST ${path}: ${await response.text()}`).toBe(201);
    return (await response.json()) as T;
  }

  async patch<T>(path: string, data: unknown): Promise<T> {
    const response = await this.request.patch(path, { data, headers: { authorization: `Bearer ${this.access}` } });
    expect(response.status(), `PATCH ${path}: ${await response.text()}`).toBe(200);
    return (await response.json()) as T;
  }
}

interface ResultPage<T> {
  results: T[];
}

/**
 * A new TAVI anatomical analysis (case status Created) in the user's primary organisation, made
 * through the API because the request dialog is the cases spec's subject, not this one's.
 */
export async function createCaseByApi(
  api: ApiAs,
  patientIdentifier: string,
): Promise<{ id: string; caseIdentifier: string }> {
  const me = await api.get<{ primaryOrganisation: { id: string } | null }>('/api/userinfo/');
  const organisationId = me.primaryOrganisation?.id;
  if (!organisationId) throw new Error('The user has no primary organisation.');
  const devices = await api.get<ResultPage<{ id: string; name: string; services: { service: number }[] }>>(
    `/api/devices/?organisation_id=${organisationId}&page_size=100`,
  );
  const licensed = devices.results.filter((d) => d.services.some((s) => s.service === 0));
  // SAPIEN 3: the TAVI device the physician's training and licence allow (as in the cases spec).
  const device = licensed.find((d) => d.name === 'SAPIEN 3') ?? licensed[0];
  if (!device) throw new Error('No device with a licence for an anatomical analysis.');
  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
  return api.post<{ id: string; caseIdentifier: string }>('/api/cases/', {
    patientInformation: { identifier: patientIdentifier, sex: 'F', age: 79 },
    organisationId,
    expectedDeliveryDatetime: inDays(10),
    orders: [{ service: 0, deviceIds: [device.id], deviceVariantIds: [] }],
  });
}

export const caseStatusOf = async (api: ApiAs, caseId: string): Promise<number> =>
  (await api.get<{ status: number }>(`/api/cases/${caseId}/`)).status;

export const inputDataOf = async (api: ApiAs, caseId: string) =>
  (
    await api.get<ResultPage<{ id: string; uploadSuccessful: boolean; reasons: string[] }>>(
      `/api/input-data/?case_id=${caseId}`,
    )
  ).results;
