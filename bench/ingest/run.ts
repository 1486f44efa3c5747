// bench/ingest (issue 4 §3): time from upload confirmation to volume ready, slices per second and the
// server's peak memory, for a self-made 512×512×500 CT zip and the real 134-slice series, beside the
// same zips ingested by Orthanc (REST upload) on the same machine in the same run. BENCH_BIG=1 adds a
// ~2 GB zip for the memory target, and a 10-phase gated series (issue 28) rides along unless
// BENCH_GATED=false. Prints figures beside the targets; asserts nothing (shared machine).
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CaseStatus } from '@cardiomap/contract';
import { gatedPhantomZip } from '../../server/src/imaging/testing/phantom.ts';
import { statusBytes, waitUntilIdle, watchPeakRss } from '../lib/process-usage.ts';
import { bearer, freshPostgres, startServer } from '../lib/server.ts';
import { type IngestFigures, ingestThroughCardioMap } from './cardiomap-upload.ts';
import { type DeidTiming, timeDeidentification } from './deid-share.ts';
import { type BenchZip, reuseOrMake, writeFolderZip, writePhantomZip } from './make-zips.ts';
import { type RunningOrthanc, startOrthanc } from './orthanc.ts';
import { benchPhases } from './phases.ts';

const PORT = Number(process.env.BENCH_PORT ?? 18497);
const ORTHANC_PORT = Number(process.env.BENCH_ORTHANC_PORT ?? 18042);
const ORTHANC_DICOM_PORT = process.env.BENCH_ORTHANC_DICOM_PORT ? Number(process.env.BENCH_ORTHANC_DICOM_PORT) : null;
const WITH_ORTHANC = process.env.BENCH_ORTHANC !== 'false';
const WITH_PGLITE = process.env.BENCH_PGLITE !== 'false';
/** BENCH_PHASES_ONLY=1: only the multi-phase figures (issue 28), without the server runs. */
const PHASES_ONLY = process.env.BENCH_PHASES_ONLY === '1';
const SLICES = Number(process.env.BENCH_SLICES ?? 500);
const BIG = process.env.BENCH_BIG === '1';
const BIG_SLICES = Number(process.env.BENCH_BIG_SLICES ?? 4000);
/** Issue 28: a 10-phase × 250-slice gated series through the server too, for its peak memory there. */
const WITH_GATED = process.env.BENCH_GATED !== 'false';
const GATED = { phases: Number(process.env.BENCH_PHASES ?? 10), slices: Number(process.env.BENCH_PHASE_SLICES ?? 250) };
const TIMEOUT_S = Number(process.env.BENCH_TIMEOUT ?? 1800);
const DEMO_PASSWORD = 'cardiomap-bench-password';
const REAL_SERIES = fileURLToPath(
  new URL(
    '../../../shared/dicom/series/tcia-pancreatic-ct-cbct-seg_philips-brilliance-bigbore_134sl/',
    import.meta.url,
  ),
);
const TARGET = { phantomReadySeconds: 15, timesOrthanc: 2, peakMiB: 300 };

interface OrthancFigures {
  seconds: number;
  instances: number;
  failed: number;
  peakRssMiB: number;
}

interface OursRun {
  database: string;
  /** Server RSS once healthy, and once the demo seed's own ingest is over, MiB. */
  rssAtStartMiB: number;
  rssIdleMiB: number;
  results: (IngestFigures | Error)[];
}

const MIB = 1024 * 1024;
const load = () => loadavg()[0]?.toFixed(1);

async function makeZips(folder: string): Promise<BenchZip[]> {
  const zips: BenchZip[] = [];
  const started = performance.now();
  zips.push(
    await reuseOrMake(join(folder, `phantom-${SLICES}.zip`), () =>
      writePhantomZip(join(folder, `phantom-${SLICES}.zip`), {
        label: `phantom-512x512x${SLICES}`,
        slices: SLICES,
        compress: true,
        uidRoot: '2.25.4242001',
      }),
    ),
  );
  if (existsSync(REAL_SERIES)) {
    zips.push(
      await reuseOrMake(join(folder, 'real-134.zip'), () =>
        writeFolderZip(join(folder, 'real-134.zip'), REAL_SERIES, 'real-134-slices'),
      ),
    );
  } else console.warn(`The real 134-slice series is not at ${REAL_SERIES}: that scenario is skipped.`);
  if (WITH_GATED) {
    const label = `gated-${GATED.phases}x512x512x${GATED.slices}`;
    const path = join(folder, `${label}.zip`);
    zips.push(
      await reuseOrMake(path, async () => {
        await gatedPhantomZip(path, { ...GATED, size: 512, uidRoot: '2.25.4242003' });
        const slices = GATED.phases * GATED.slices;
        return { label, path, bytes: statSync(path).size, slices, dicomBytes: slices * 512 * 512 * 2 };
      }),
    );
  }
  if (BIG) {
    // Stored, not deflated: 4,000 slices of 512×512 make the ~2 GB the memory target names.
    zips.push(
      await reuseOrMake(join(folder, `big-${BIG_SLICES}.zip`), () =>
        writePhantomZip(join(folder, `big-${BIG_SLICES}.zip`), {
          label: `big-512x512x${BIG_SLICES}-stored`,
          slices: BIG_SLICES,
          compress: false,
          uidRoot: '2.25.4242002',
        }),
      ),
    );
  }
  console.info(`zips ready in ${((performance.now() - started) / 1000).toFixed(1)} s (in ${folder})`);
  return zips;
}

async function measureOurs(database: string, zips: BenchZip[], extraEnv: Record<string, string>): Promise<OursRun> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cardiomap-bench-ingest-'));
  const server = await startServer(PORT, {
    ...extraEnv,
    DATA_DIR: dataDir,
    // Its own job folder: the default /tmp/cardiomap-jobs is shared with every other server on the
    // machine, and a server starting up removes the folders of jobs its own database does not know.
    JOB_TEMP_DIR: join(dataDir, 'jobs'),
    DEMO_PASSWORD,
    RUN_WORKERS: 'true',
    // A 2 GB upload and its ingest outlast the default 5-minute token.
    ACCESS_TOKEN_MINUTES: '240',
  }).catch((error) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  try {
    const rssAtStartMiB = Math.round((statusBytes(server.pid, 'VmRSS') ?? 0) / MIB);
    // The demo seed ingests two small phantoms at start: let that finish before measuring.
    await waitUntilIdle(server.pid);
    const rssIdleMiB = Math.round((statusBytes(server.pid, 'VmRSS') ?? 0) / MIB);
    const session = {
      url: server.url,
      pid: server.pid,
      headers: await bearer(server.url, 'physician@cardiomap.test', DEMO_PASSWORD),
    };
    const results: (IngestFigures | Error)[] = [];
    for (const zip of zips) {
      await waitUntilIdle(server.pid);
      console.info(
        `CardioMap on ${database}: ${zip.label} (${(zip.bytes / MIB).toFixed(0)} MB), load average ${load()}…`,
      );
      results.push(
        await ingestThroughCardioMap(session, zip.path, zip.label, TIMEOUT_S).catch((error: Error) => error),
      );
    }
    return { database, rssAtStartMiB, rssIdleMiB, results };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function uploadToOrthanc(orthanc: RunningOrthanc, zip: BenchZip): Promise<OrthancFigures> {
  const before = await orthanc.countInstances();
  const memory = watchPeakRss(orthanc.pid);
  try {
    const answer = await orthanc.uploadZip(zip.path);
    const peak = memory.stop();
    return {
      seconds: answer.seconds,
      instances: (await orthanc.countInstances()) - before,
      failed: answer.failed,
      peakRssMiB: peak.peakMiB,
    };
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${orthanc.logTail()}`);
  } finally {
    memory.stop();
  }
}

async function measureOrthanc(zips: BenchZip[]): Promise<{ version: string; results: (OrthancFigures | Error)[] }> {
  const folder = mkdtempSync(join(tmpdir(), 'cardiomap-bench-orthanc-'));
  try {
    const orthanc = await startOrthanc({ folder, httpPort: ORTHANC_PORT, dicomPort: ORTHANC_DICOM_PORT });
    try {
      const results: (OrthancFigures | Error)[] = [];
      for (const zip of zips) {
        await waitUntilIdle(orthanc.pid);
        console.info(`Orthanc ${orthanc.version}: ${zip.label}, load average ${load()}…`);
        results.push(await uploadToOrthanc(orthanc, zip).catch((error: Error) => error));
      }
      return { version: orthanc.version, results };
    } finally {
      await orthanc.stop();
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const perSecond = (slices: number, seconds: number) => Math.round(slices / seconds);
const fixed = (seconds: number) => Number(seconds.toFixed(2));

function print(
  zips: BenchZip[],
  ours: OursRun[],
  orthanc: { version: string; results: (OrthancFigures | Error)[] } | null,
  deid: (DeidTiming | null)[],
) {
  console.info(`\nIngest — ${cpus().length} cores, load average ${load()} at the end`);
  console.info(
    `targets: ${SLICES}-slice CT ready ≤ ${TARGET.phantomReadySeconds} s; ≥ ${TARGET.timesOrthanc}× Orthanc's slices/s; ` +
      `server peak RSS < ${TARGET.peakMiB} MB with a 2 GB zip (BENCH_BIG=1)`,
  );
  console.info('\nCardioMap: "ready s" = confirm-upload → case in progress (volume stored), polled every 100 ms;');
  console.info('upload (PUT to the signed URL or its parts) timed apart; memory = RSS of the server process.');
  console.table(
    ours.flatMap(({ database, results }) =>
      results.map((figures, i) => {
        const zip = zips[i] as BenchZip;
        const row: Record<string, string | number> = {
          zip: zip.label,
          database,
          slices: zip.slices,
          'zip MB': Math.round(zip.bytes / MIB),
        };
        if (figures instanceof Error) return { ...row, failed: figures.message.slice(0, 80) };
        const inProgress = figures.finalStatus === CaseStatus.IN_PROGRESS;
        return {
          ...row,
          'upload s': fixed(figures.uploadSeconds),
          'confirm s': fixed(figures.confirmSeconds),
          'ready s': inProgress ? fixed(figures.readySeconds) : `status ${figures.finalStatus}`,
          'slices/s': perSecond(zip.slices, figures.readySeconds),
          'server CPU s': figures.readyCpuSeconds === null ? '' : fixed(figures.readyCpuSeconds),
          'queue wait s': figures.queueWaitSeconds === null ? '—' : fixed(figures.queueWaitSeconds),
          'job s': figures.jobSeconds === null ? '—' : fixed(figures.jobSeconds),
          'RSS before MB': figures.rssBeforeMiB,
          'peak RSS MB': figures.peakRssMiB,
          '+ follow-ups MB': figures.peakWithFollowUpsMiB ?? '—',
          volume: figures.volume?.join('×') ?? '—',
        };
      }),
    ),
  );
  if (orthanc) {
    console.info(
      `\nOrthanc ${orthanc.version}: one POST /instances of the zip (upload included), wall time to its answer.`,
    );
    console.table(
      orthanc.results.map((figures, i) => {
        const zip = zips[i] as BenchZip;
        if (figures instanceof Error) return { zip: zip.label, failed: figures.message.slice(0, 80) };
        return {
          zip: zip.label,
          seconds: fixed(figures.seconds),
          'slices/s': perSecond(figures.instances, figures.seconds),
          stored: figures.instances,
          'peak RSS MB': figures.peakRssMiB,
        };
      }),
    );
  }
  console.info('');
  for (const run of ours) {
    console.info(
      `server RSS on ${run.database}: ${run.rssAtStartMiB} MB once healthy, ${run.rssIdleMiB} MB after the demo seed's ingest`,
    );
  }
  for (const { database, results } of ours) {
    for (const [i, figures] of results.entries()) {
      const zip = zips[i] as BenchZip;
      const name = `${zip.label} on ${database}`;
      if (figures instanceof Error) {
        console.info(`${name}: failed — ${figures.message}`);
        continue;
      }
      if (figures.finalStatus !== CaseStatus.IN_PROGRESS) {
        console.info(`${name}: ended in case status ${figures.finalStatus}: ${figures.reasons.join('; ')}`);
        continue;
      }
      const verdicts: string[] = [];
      if (zip.label.startsWith('phantom')) {
        verdicts.push(`ready in ${fixed(figures.readySeconds)} s (target ≤ ${TARGET.phantomReadySeconds} s)`);
      }
      const reference = orthanc?.results[i];
      if (reference && !(reference instanceof Error)) {
        const ratio = zip.slices / figures.readySeconds / (reference.instances / reference.seconds);
        const endToEnd = reference.seconds / (figures.uploadSeconds + figures.readySeconds);
        verdicts.push(
          `${ratio.toFixed(2)}× Orthanc's slices/s (target ≥ ${TARGET.timesOrthanc}×; upload + ingest: ${endToEnd.toFixed(2)}×)`,
        );
      }
      verdicts.push(
        `peak RSS ${figures.peakRssMiB} MB${zip.label.startsWith('big') ? ` (target < ${TARGET.peakMiB} MB)` : ''}`,
        `${figures.peakWithFollowUpsMiB ?? '—'} MB until idle again, follow-up jobs included`,
      );
      console.info(`${name}: ${verdicts.join('; ')}`);
    }
  }
  for (const { database, results } of ours) {
    for (const [i, figures] of results.entries()) {
      if (figures instanceof Error || figures.jobLog.length === 0) continue;
      console.info(`\njob log, ${(zips[i] as BenchZip).label} on ${database}:\n  ${figures.jobLog.join('\n  ')}`);
    }
  }
  console.info('');
  for (const [i, timing] of deid.entries()) {
    if (!timing) continue;
    const zip = zips[i] as BenchZip;
    const shares = ours.flatMap(({ database, results }) => {
      const figures = results[i];
      if (!figures || figures instanceof Error || !figures.readyCpuSeconds) return [];
      const cpu = (100 * timing.cpuMilliseconds) / 1000 / figures.readyCpuSeconds;
      return [`${cpu.toFixed(1)} % of the ingest's server CPU s on ${database}`];
    });
    console.info(
      `de-identification of ${zip.label}, one thread, after the ingest: ${timing.cpuMilliseconds.toFixed(0)} ms CPU ` +
        `(${timing.milliseconds.toFixed(0)} ms wall) for ${timing.files} files ` +
        `(${(timing.cpuMilliseconds / timing.files).toFixed(2)} ms CPU each) = ${shares.join('; ') || '—'}`,
    );
  }
  const source = ours.flatMap((run) => run.results).find((r): r is IngestFigures => !(r instanceof Error));
  if (source) console.info(`(peak memory: ${source.peakRssSource} of the server process)`);
}

console.info(`bench/ingest on ${cpus().length} cores, load average ${load()} before the run`);
if (PHASES_ONLY) {
  await benchPhases();
  process.exit(0);
}
const keptFolder = process.env.BENCH_ZIP_DIR;
const zipFolder = keptFolder ?? mkdtempSync(join(tmpdir(), 'cardiomap-bench-zips-'));
mkdirSync(zipFolder, { recursive: true });
try {
  const zips = await makeZips(zipFolder);
  const ours = WITH_PGLITE ? [await measureOurs('PGlite', zips, {})] : [];
  if (!WITH_PGLITE) console.warn('BENCH_PGLITE=false: the PGlite run is skipped.');
  // On PostgreSQL the database lives outside the server process, so its RSS is the API and worker alone.
  const postgres = process.env.BENCH_DATABASE_URL;
  if (postgres) {
    const url = await freshPostgres(postgres, 'cardiomap_bench_ingest');
    ours.push(await measureOurs('PostgreSQL', zips, { DATABASE_URL: url }));
  } else console.info('No BENCH_DATABASE_URL: the PostgreSQL run is skipped.');
  const orthanc = WITH_ORTHANC ? await measureOrthanc(zips) : null;
  if (!orthanc) console.warn('BENCH_ORTHANC=false: Orthanc skipped.');
  // Timed after the servers stopped, so that it does not compete with them for the cores.
  const deid = await Promise.all(
    zips.map((zip) => (zip.slices <= 1000 ? timeDeidentification(zip.path) : Promise.resolve(null))),
  );
  print(zips, ours, orthanc, deid);
  // The pipeline alone, after the servers stopped: a 10-phase series beside a single-phase one.
  await benchPhases();
} finally {
  if (!keptFolder) rmSync(zipFolder, { recursive: true, force: true });
}
