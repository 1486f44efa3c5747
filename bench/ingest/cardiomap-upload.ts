// Our side of the ingest bench: what the browser does with a zip (new TAVI case, input-data, PUT to the
// signed URL or its parts, confirm), then the time until the case is in progress, with the server's
// peak memory over upload and ingest.
import { closeSync, createReadStream, openSync, readSync, statSync } from 'node:fs';
import { Readable } from 'node:stream';
import { CaseStatus } from '@cardiomap/contract';
import { cpuSeconds, statusBytes, waitUntilIdle, watchPeakRss } from '../lib/process-usage.ts';

/** How often the case is asked for its status, as the brief says: the figure is within this of the truth. */
const POLL_MS = 100;
/** Parts sent at once, as a browser with a few connections to one host would. */
const PART_CONCURRENCY = 3;
const SETTLED = new Set<number>([CaseStatus.IN_PROGRESS, CaseStatus.INVALID_INPUT, CaseStatus.COULD_NOT_BE_PROCESSED]);

export interface CardioMapSession {
  url: string;
  headers: Record<string, string>;
  /** The server process (workers included), for its memory. */
  pid: number;
}

export interface IngestFigures {
  uploadSeconds: number;
  /** The confirm-upload request alone (it assembles the parts of a large upload before answering). */
  confirmSeconds: number;
  /** From sending confirm-upload to the first poll that sees the case in progress. */
  readySeconds: number;
  /** CPU the server process used over that time (every thread: API, ingest threads, libuv, database). */
  readyCpuSeconds: number | null;
  finalStatus: number;
  /** The server's RSS just before the upload started (database, caches and code loaded), MiB. */
  rssBeforeMiB: number;
  peakRssMiB: number;
  /**
   * From the upload until the server is idle again after the case is in progress: the follow-up jobs
   * an ingest queues (the surface model) included. Null when the server did not settle in time.
   */
  peakWithFollowUpsMiB: number | null;
  peakRssSource: string;
  /** Volume dimensions from the study resource of type 2, proof the volume exists. */
  volume: number[] | null;
  /** Why ingest did not end in progress, from the input data, when so. */
  reasons: string[];
  /** From confirmation to a worker starting the job, and the job's own run, from the job's timings. */
  queueWaitSeconds: number | null;
  jobSeconds: number | null;
  /** The job's log, each line with its time from the job's start: where the seconds went. */
  jobLog: string[];
}

interface JobTimings {
  jobType: { name: string };
  dateStarted: string | null;
  dateFinished: string | null;
  log: { at: string; message: string }[];
}

/** The ingest job of the case: how long it waited for a worker, how long it ran, and its log. */
async function jobTimings(s: CardioMapSession, caseId: string, confirmedAt: number) {
  const jobs = rowsOf(await call<Listed<JobTimings>>(s, 'GET', `/api/jobs/?case_id=${caseId}`));
  // Newest first: the ingest's follow-ups come before it.
  const job = jobs.find((j) => j.jobType.name === 'ingest');
  if (!job?.dateStarted) return { queueWaitSeconds: null, jobSeconds: null, jobLog: [] };
  const started = Date.parse(job.dateStarted);
  return {
    queueWaitSeconds: (started - confirmedAt) / 1000,
    jobSeconds: job.dateFinished ? (Date.parse(job.dateFinished) - started) / 1000 : null,
    jobLog: job.log.map((line) => `+${((Date.parse(line.at) - started) / 1000).toFixed(2)} s ${line.message}`),
  };
}

async function call<T>(s: CardioMapSession, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${s.url}${path}`, {
    method,
    headers: { ...s.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : null) as T;
}

type Listed<T> = T[] | { results: T[] };
const rowsOf = <T>(listed: Listed<T>): T[] => (Array.isArray(listed) ? listed : listed.results);

/** A new TAVI case of the signed-in physician, waiting for images (the acceptance script's minimal payload). */
export async function createTaviCase(s: CardioMapSession, tag: string): Promise<string> {
  const me = await call<{ sub: string; primaryOrganisation?: { id: string } }>(s, 'GET', '/api/userinfo/');
  const interventions = rowsOf(await call<Listed<{ id: string; prefix: string }>>(s, 'GET', '/api/interventions/'));
  const tavi = interventions.find((i) => i.prefix === 'TAVI');
  if (!tavi) throw new Error('no TAVI intervention in the catalogue');
  const devices = rowsOf(await call<Listed<{ id: string; interventionId: string }>>(s, 'GET', '/api/devices/'));
  const device = devices.find((d) => d.interventionId === tavi.id);
  if (!device) throw new Error('no TAVI device in the catalogue');
  const when = new Date(Date.now() + 10 * 86_400_000).toISOString();
  const created = await call<{ id: string }>(s, 'POST', '/api/cases/', {
    patientInformation: { identifier: `BENCH-${tag}-${Date.now()}`, sex: 'M', age: 70 },
    physicianComment: '',
    organisationId: me.primaryOrganisation?.id,
    interventionDatetime: when,
    isProspective: true,
    expectedDeliveryDatetime: when,
    imagingDate: new Date().toISOString(),
    caseResponsibleId: me.sub,
    orders: [{ service: 0, deviceIds: [device.id], deviceVariantIds: [] }],
  });
  return created.id;
}

const absolute = (s: CardioMapSession, url: string) => (url.startsWith('http') ? url : `${s.url}${url}`);

async function put(url: string, body: Buffer | ReadableStream, length: number): Promise<void> {
  const response = await fetch(url, {
    method: 'PUT',
    headers: { 'content-type': 'application/zip', 'content-length': String(length) },
    body,
    duplex: 'half',
  } as RequestInit);
  if (!response.ok) throw new Error(`PUT answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
}

/** The parts of a large upload, a few at a time, each read from disk only when it is sent. */
async function putParts(s: CardioMapSession, path: string, parts: { partSize: number; urls: string[] }) {
  const size = statSync(path).size;
  const fd = openSync(path, 'r');
  try {
    let next = 0;
    const sender = async () => {
      while (next < parts.urls.length) {
        const index = next++;
        const start = index * parts.partSize;
        const length = Math.min(parts.partSize, size - start);
        const chunk = Buffer.allocUnsafe(length);
        for (let at = 0; at < length; ) at += readSync(fd, chunk, at, length - at, start + at);
        await put(absolute(s, parts.urls[index] as string), chunk, length);
      }
    };
    await Promise.all(Array.from({ length: PART_CONCURRENCY }, sender));
  } finally {
    closeSync(fd);
  }
}

/** Uploads `zipPath` to a new case, confirms, and times the ingest to the case being in progress. */
export async function ingestThroughCardioMap(
  s: CardioMapSession,
  zipPath: string,
  label: string,
  timeoutSeconds: number,
): Promise<IngestFigures> {
  const caseId = await createTaviCase(s, label);
  const size = statSync(zipPath).size;
  const rssBeforeMiB = Math.round((statusBytes(s.pid, 'VmRSS') ?? 0) / 1024 ** 2);
  const memory = watchPeakRss(s.pid);
  const withFollowUps = watchPeakRss(s.pid);
  try {
    const uploadStarted = performance.now();
    const input = await call<{ id: string; writeUrl: string; parts: { partSize: number; urls: string[] } | null }>(
      s,
      'POST',
      '/api/input-data/',
      {
        caseId,
        name: 'Patient Images',
        filename: `${label}.zip`,
        metadata: { mimeType: 'application/zip' },
        sourceVersion: 'bench',
        sourceClient: 'bench-ingest',
        size,
      },
    );
    if (input.parts) await putParts(s, zipPath, input.parts);
    else {
      const stream = Readable.toWeb(createReadStream(zipPath, { highWaterMark: 1024 * 1024 })) as ReadableStream;
      await put(absolute(s, input.writeUrl), stream, size);
    }
    const uploadSeconds = (performance.now() - uploadStarted) / 1000;

    const confirmed = performance.now();
    const confirmedAt = Date.now();
    const cpuAtConfirm = cpuSeconds(s.pid);
    const answer = await call<{ uploadSuccessful: boolean }>(s, 'GET', `/api/input-data/${input.id}/confirm-upload/`);
    if (!answer.uploadSuccessful) throw new Error('confirm-upload answered uploadSuccessful: false');
    const confirmSeconds = (performance.now() - confirmed) / 1000;
    let status: number = CaseStatus.SUBMITTED;
    const deadline = Date.now() + timeoutSeconds * 1000;
    while (!SETTLED.has(status)) {
      if (Date.now() > deadline) throw new Error(`the case was not in progress after ${timeoutSeconds} s`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      status = (await call<{ status: number }>(s, 'GET', `/api/cases/${caseId}/`)).status;
    }
    const readySeconds = (performance.now() - confirmed) / 1000;
    const cpuAtReady = cpuSeconds(s.pid);
    const readyCpuSeconds = cpuAtConfirm === null || cpuAtReady === null ? null : cpuAtReady - cpuAtConfirm;
    const peak = memory.stop();
    const details = await call<{ reasons: string[] }>(s, 'GET', `/api/input-data/${input.id}/`);
    const outcome = {
      volume: await volumeDimensions(s, caseId),
      reasons: details.reasons,
      ...(await jobTimings(s, caseId, confirmedAt)),
    };
    // Asked for before waiting: a keep-alive connection left idle that long would be reset by the server.
    const settled = await waitUntilIdle(s.pid, timeoutSeconds * 1000);
    const peakWithFollowUps = withFollowUps.stop();
    return {
      uploadSeconds,
      confirmSeconds,
      readySeconds,
      readyCpuSeconds,
      finalStatus: status,
      rssBeforeMiB,
      peakRssMiB: peak.peakMiB,
      peakWithFollowUpsMiB: settled ? peakWithFollowUps.peakMiB : null,
      peakRssSource: peak.source,
      ...outcome,
    };
  } finally {
    memory.stop();
    withFollowUps.stop();
  }
}

async function volumeDimensions(s: CardioMapSession, caseId: string): Promise<number[] | null> {
  const studies = rowsOf(await call<Listed<{ id: string }>>(s, 'GET', `/api/studies/?case_id=${caseId}`));
  const study = studies[0];
  if (!study) return null;
  const resources = rowsOf(
    await call<Listed<{ type: number; attributes: { dimensions?: number[] } }>>(
      s,
      'GET',
      `/api/study-resources/?study_id=${study.id}`,
    ),
  );
  return resources.find((r) => r.type === 2)?.attributes.dimensions ?? null;
}
