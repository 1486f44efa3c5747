// bench/viewer (issue 5 §6): in headless Debian Chromium on loopback, the time from opening the study
// viewer's MPR route to its first rendered frame and to the whole volume, and the page's JS heap, for
// the real 134-slice series and a self-made 512×512×500 volume, each ingested through the real server
// first. The viewer marks both moments itself (performance marks `cm:mpr:first-frame` and
// `cm:mpr:volume-complete`, relative to navigation start). Prints figures beside the targets; asserts
// nothing (shared machine).
//
// Issue 28 §2: an ECG-gated phantom (BENCH_PHASES phases × BENCH_PHASE_SLICES slices, 512², one series)
// beside a single-phase one of the same size: the default phase's first frame (must not change with
// phases), the time until every phase is in memory (mark `cm:phases:all-ready`), and cine's rate, the
// phases per second actually put on the panes in this Chromium (the player's own count, over
// CINE_FRAMES frames). BENCH_ONLY_PHASES=1 skips the single-volume scenarios above.
//
// Issue 30: BENCH_FELT=1 runs only the felt wait (felt.ts) on the phantom: navigation and MPR tab click
// to the first slice drawn by Cornerstone, split by phase.
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH, CHROMIUM_ARGS as E2E_CHROMIUM_ARGS } from '../../e2e/support/chromium.ts';
// @ts-expect-error the start script's helpers are plain JavaScript without declarations
import { ensureWebBuilt } from '../../scripts/lib.mjs';
import { gatedPhantomZip } from '../../server/src/imaging/testing/phantom.ts';
import { ingestThroughCardioMap } from '../ingest/cardiomap-upload.ts';
import { type BenchZip, reuseOrMake, writeFolderZip, writePhantomZip } from '../ingest/make-zips.ts';
import { waitUntilIdle } from '../lib/process-usage.ts';
import { bearer, startServer } from '../lib/server.ts';
import { printFelt, visitDeepLink, visitTabBack, visitTabSwitch } from './felt.ts';

const PORT = Number(process.env.BENCH_PORT ?? 18498);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const SLICES = Number(process.env.BENCH_SLICES ?? 500);
const PHASES = Number(process.env.BENCH_PHASES ?? 10);
const PHASE_SLICES = Number(process.env.BENCH_PHASE_SLICES ?? 64);
const PHASE_RUNS = Number(process.env.BENCH_PHASE_RUNS ?? 3);
const ONLY_PHASES = process.env.BENCH_ONLY_PHASES === '1';
const FELT = process.env.BENCH_FELT === '1';
/**
 * With BENCH_FELT=1: the cases measured, comma-separated, of `link`, `tab` and `back` (MPR → 3D → MPR);
 * all three when unset (a busy machine gives fewer runs).
 */
const FELT_CASES = new Set((process.env.BENCH_FELT_ONLY ?? 'link,tab,back').split(','));
/** The web build the server serves (a folder); unset: web/dist, built first when stale. */
const WEB_DIST = process.env.BENCH_WEB_DIST;
/**
 * With BENCH_FELT=1: a second web build (a folder), served by a second server (port + 1, its own data)
 * with the same phantom; each round visits both builds, in turn first, for before/after pairs under
 * the same load.
 */
const COMPARE_DIST = process.env.BENCH_COMPARE_DIST;
/** Cine frames counted for its rate (≥ 3 loops of 10 phases). */
const CINE_FRAMES = 45;
/** Set: every visit also prints all its resources and main-thread long tasks, for finding where time goes. */
const DETAIL = process.env.BENCH_DETAIL === '1';
const DEMO_PASSWORD = 'cardiomap-bench-password';
const ANALYST = 'case-analyst@cardiomap.test';
const PHYSICIAN = 'physician@cardiomap.test';
const REAL_SERIES = fileURLToPath(
  new URL(
    '../../../shared/dicom/series/tcia-pancreatic-ct-cbct-seg_philips-brilliance-bigbore_134sl/',
    import.meta.url,
  ),
);
/** Issue 5 §6, for the 500-slice volume on this machine. */
const TARGET = { firstFrameMs: 1000, fullVolumeMs: 2500 };
/** The stack-notes flags, plus precise memory figures for the heap read-out. */
const CHROMIUM_ARGS = [...E2E_CHROMIUM_ARGS, '--enable-precise-memory-info'];

interface ViewerRun {
  firstFrameMs: number;
  fullVolumeMs: number;
  heapMiB: number;
  /** A multi-phase study: every phase in memory (from navigation start), and cine's drawn rate. */
  allPhasesMs?: number;
  cinePhasesPerSecond?: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const load = () => loadavg()[0]?.toFixed(1);

/** Issue 28: a single-phase and a PHASES-phase gated phantom of the same slices (512², one series). */
async function makePhaseZips(folder: string): Promise<BenchZip[]> {
  const make = async (phases: number, uidRoot: string): Promise<BenchZip> => {
    const label = `gated-${phases}x${PHASE_SLICES}`;
    const path = join(folder, `${label}.zip`);
    return reuseOrMake(path, async () => {
      const made = await gatedPhantomZip(path, { phases, slices: PHASE_SLICES, size: 512, uidRoot });
      const bytes = statSync(path).size;
      return { label, path, bytes, slices: made.fileCount, dicomBytes: made.fileCount * 512 * 512 * 2 };
    });
  };
  return [await make(1, '2.25.2828101'), await make(PHASES, '2.25.2828102')];
}

async function makeZips(folder: string): Promise<BenchZip[]> {
  const zips = [
    await reuseOrMake(join(folder, `phantom-${SLICES}.zip`), () =>
      writePhantomZip(join(folder, `phantom-${SLICES}.zip`), {
        label: `phantom-512x512x${SLICES}`,
        slices: SLICES,
        compress: true,
        uidRoot: '2.25.4242003',
      }),
    ),
  ];
  if (existsSync(REAL_SERIES) && !FELT) {
    zips.unshift(
      await reuseOrMake(join(folder, 'real-134.zip'), () =>
        writeFolderZip(join(folder, 'real-134.zip'), REAL_SERIES, 'real-134-slices'),
      ),
    );
  } else if (!FELT) console.warn(`The real 134-slice series is not at ${REAL_SERIES}: that scenario is skipped.`);
  return zips;
}

async function studyIds(url: string, headers: Record<string, string>): Promise<Set<string>> {
  const response = await fetch(`${url}/api/studies/?page_size=100`, { headers });
  if (!response.ok) throw new Error(`GET /api/studies/ answered ${response.status}`);
  const body = (await response.json()) as { results: { id: string }[] };
  return new Set(body.results.map((s) => s.id));
}

/** Ingests `zip` as the physician and answers the new study's id. */
async function ingestStudy(url: string, pid: number, zip: BenchZip): Promise<string> {
  const headers = await bearer(url, PHYSICIAN, DEMO_PASSWORD);
  const before = await studyIds(url, headers);
  const figures = await ingestThroughCardioMap({ url, pid, headers }, zip.path, zip.label, 600);
  if (!figures.volume) throw new Error(`${zip.label}: no volume after ingest (${figures.reasons.join('; ')})`);
  const added = [...(await studyIds(url, headers))].filter((id) => !before.has(id));
  if (added.length !== 1) throw new Error(`${zip.label}: expected one new study, found ${added.length}`);
  return added[0] as string;
}

/** One cold visit: a fresh browser context signed in as the analyst, straight onto the MPR route. */
async function visit(
  url: string,
  studyId: string,
  tokens: { access: string; refresh: string },
  phases = false,
): Promise<ViewerRun> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
    await context.addCookies([{ name: 'cm_consent', value: 'functional', url }]);
    await context.addInitScript((t) => {
      // Runs in the page: the stored tokens make the app start signed in, as after a sign-in.
      const { localStorage } = globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } };
      localStorage.setItem('cm_access', t.access);
      localStorage.setItem('cm_refresh', t.refresh);
    }, tokens);
    const page = await context.newPage();
    if (DETAIL) {
      await page.addInitScript(() => {
        const tasks: string[] = [];
        (globalThis as unknown as { __cmLongTasks: string[] }).__cmLongTasks = tasks;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) tasks.push(`${Math.round(e.startTime)}+${Math.round(e.duration)}`);
        }).observe({ type: 'longtask' as never, buffered: true });
      });
    }
    // Only the volume is read by Range: its requests show whether the file was fetched once.
    const volumeRanges: string[] = [];
    page.on('request', (request) => {
      const range = request.headers().range;
      if (range) volumeRanges.push(range);
    });
    await page.goto(`${url}/study-viewer/${studyId}/mprviewer`);
    const mark = (name: string) =>
      page.waitForFunction((n) => performance.getEntriesByName(n)[0]?.startTime, name, { timeout: 60_000 });
    const firstFrameMs = (await (await mark('cm:mpr:first-frame')).jsonValue()) as number;
    const fullVolumeMs = (await (await mark('cm:mpr:volume-complete')).jsonValue()) as number;
    const heap = await page.evaluate(
      () => (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0,
    );
    console.info(`  volume requests: ${volumeRanges.join(', ')}`);
    const timeline = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((e) => /MprChild|\/api\/|volume|\.cmvol/.test(e.name))
        .map((e) => {
          const r = e as unknown as { name: string; startTime: number; responseEnd: number };
          return `${r.name.replace(/^.*\/\/[^/]+/, '').slice(0, 40)} ${Math.round(r.startTime)}-${Math.round(r.responseEnd)}`;
        })
        .concat(performance.getEntriesByName('cm:mpr:load-start').map((e) => `load-start ${Math.round(e.startTime)}`)),
    );
    console.info(`  timeline: ${timeline.join(' | ')}`);
    if (DETAIL) {
      const detail = await page.evaluate(() => ({
        resources: performance.getEntriesByType('resource').map((e) => {
          const r = e as unknown as { name: string; startTime: number; responseEnd: number };
          return `${r.name.replace(/^.*\/\/[^/]+/, '').slice(0, 48)} ${Math.round(r.startTime)}-${Math.round(r.responseEnd)}`;
        }),
        navigation: (() => {
          const n = performance.getEntriesByType('navigation' as never)[0] as unknown as
            | { responseEnd: number; domContentLoadedEventEnd: number }
            | undefined;
          return n
            ? `response ${Math.round(n.responseEnd)}, DOMContentLoaded ${Math.round(n.domContentLoadedEventEnd)}`
            : '';
        })(),
        marks: performance.getEntriesByType('mark').map((e) => `${e.name} ${Math.round(e.startTime)}`),
        longTasks: (globalThis as unknown as { __cmLongTasks?: string[] }).__cmLongTasks ?? [],
      }));
      console.info(`  navigation: ${detail.navigation}`);
      console.info(`  resources: ${detail.resources.join(' | ')}`);
      console.info(`  marks: ${detail.marks.join(' | ')}`);
      console.info(`  long tasks (start+ms): ${detail.longTasks.join(', ')}`);
    }
    if (!phases) return { firstFrameMs, fullVolumeMs, heapMiB: heap / 1024 / 1024 };
    const allPhasesMs = (await (await mark('cm:phases:all-ready')).jsonValue()) as number;
    await page.getByRole('button', { name: 'Play cine' }).click();
    await page.waitForFunction(
      (frames) => {
        const cine = (globalThis as unknown as CineWindow).__cmViewer?.cine;
        return (cine?.stats()?.framesDrawn ?? 0) >= frames;
      },
      CINE_FRAMES,
      { timeout: 60_000 },
    );
    const stats = await page.evaluate(() => (globalThis as unknown as CineWindow).__cmViewer?.cine?.stats());
    const phaseHeap = await page.evaluate(
      () => (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0,
    );
    return {
      firstFrameMs,
      fullVolumeMs,
      heapMiB: phaseHeap / 1024 / 1024,
      allPhasesMs,
      cinePhasesPerSecond: stats?.phasesPerSecond ?? Number.NaN,
    };
  } finally {
    await browser.close();
  }
}

type CineWindow = {
  __cmViewer?: { cine?: { stats(): { framesDrawn: number; phasesPerSecond: number | null } | null } };
};

async function signInTokens(url: string): Promise<{ access: string; refresh: string }> {
  const response = await fetch(`${url}/api/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ANALYST, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in of ${ANALYST} failed with ${response.status}`);
  return (await response.json()) as { access: string; refresh: string };
}

/** Issue 28 §2: the same visit on a single-phase and a multi-phase study, then cine on the latter. */
async function benchPhases(server: { url: string; pid: number }, zips: BenchZip[]): Promise<void> {
  const rows: Record<string, string | number>[] = [];
  for (const [index, zip] of zips.entries()) {
    const studyId = await ingestStudy(server.url, server.pid, zip);
    await waitUntilIdle(server.pid);
    const multi = index > 0;
    const runs: ViewerRun[] = [];
    for (let i = 0; i < PHASE_RUNS; i++) {
      runs.push(await visit(server.url, studyId, await signInTokens(server.url), multi));
    }
    const figure = (pick: (r: ViewerRun) => number | undefined) => {
      const values = runs.map(pick).filter((v): v is number => v !== undefined && Number.isFinite(v));
      return values.length ? Math.round(median(values) * 10) / 10 : '–';
    };
    rows.push({
      study: multi ? `${PHASES} phases × ${PHASE_SLICES} (512²)` : `1 phase × ${PHASE_SLICES} (512²)`,
      runs: PHASE_RUNS,
      'first frame ms (median)': figure((r) => r.firstFrameMs),
      'first frame ms (all)': runs.map((r) => Math.round(r.firstFrameMs)).join(' / '),
      'default phase whole ms': figure((r) => r.fullVolumeMs),
      'all phases in ms': figure((r) => r.allPhasesMs),
      'cine phases/s (target ≥ 10)': figure((r) => r.cinePhasesPerSecond),
      'JS heap MiB': Math.round(median(runs.map((r) => r.heapMiB))),
      'load 1m': load() ?? '',
    });
  }
  console.info(
    `\nIssue 28 §2, cardiac phases: same slices with 1 and ${PHASES} phases, cold browser per run, from navigation start.\n` +
      `The first frame of the default phase should match within noise; cine rate is what the player drew over ${CINE_FRAMES} frames.`,
  );
  console.table(rows);
}

/** Issue 30: deep link, tab switch and back to MPR, to the engine's first slice, in turn, RUNS visits each. */
async function benchFelt(servers: { label: string; url: string; pid: number }[], zips: BenchZip[]): Promise<void> {
  const zip = zips[0] as BenchZip;
  const studies: string[] = [];
  for (const server of servers) {
    studies.push(await ingestStudy(server.url, server.pid, zip));
    await waitUntilIdle(server.pid);
  }
  const loads = [load()];
  const cases = [
    {
      key: 'link',
      visit: visitDeepLink,
      before: 'deepLink' as const,
      title: '(a) link straight to the MPR view, from navigation start',
    },
    {
      key: 'tab',
      visit: visitTabSwitch,
      before: 'tabSwitch' as const,
      title: '(b) MPR tab clicked on the settled 3D view, from the click',
    },
    {
      key: 'back',
      visit: visitTabBack,
      before: 'tabBack' as const,
      title: '(c) back to MPR: opened by link, whole volume in, 3D tab, settled, MPR tab clicked, from that click',
    },
  ].filter(({ key }) => FELT_CASES.has(key));
  const figures = servers.map(() => cases.map(() => [] as Awaited<ReturnType<typeof visitDeepLink>>[]));
  const loadsBy = servers.map(() => cases.map(() => [] as (string | undefined)[]));
  for (let i = 0; i < RUNS; i++) {
    for (const [c, felt] of cases.entries()) {
      // Each build goes first in every other round: neither always meets the machine the other left.
      const order = servers.map((_, s) => s);
      if (i % 2 === 1) order.reverse();
      for (const s of order) {
        const server = servers[s] as (typeof servers)[number];
        loadsBy[s]?.[c]?.push(load());
        figures[s]?.[c]?.push(
          await felt.visit(server.url, studies[s] as string, await signInTokens(server.url), CHROMIUM_ARGS),
        );
      }
    }
    loads.push(load());
  }
  const range = `${loads[0]} before, ${loads.slice(1).join(' / ')} after each round`;
  for (const [s, server] of servers.entries()) {
    console.info(
      `\nIssue 30, the felt wait — ${server.label} (${zip.label}, headless Chromium, SwiftShader, PGlite server on loopback).`,
    );
    for (const [c, felt] of cases.entries()) {
      const visitLoads = (loadsBy[s]?.[c] ?? []).join(' / ');
      printFelt(felt.title, figures[s]?.[c] ?? [], felt.before, `${range}; at each visit's start ${visitLoads}`);
    }
  }
}

console.info(`bench/viewer on ${cpus().length} cores, load average ${load()} before the run`);
// The viewer under test is the production build the server serves, as after `npm start`.
if (!WEB_DIST) ensureWebBuilt();
const keptFolder = process.env.BENCH_ZIP_DIR;
const zipFolder = keptFolder ?? mkdtempSync(join(tmpdir(), 'cardiomap-bench-zips-'));
mkdirSync(zipFolder, { recursive: true });
const dataDir = mkdtempSync(join(tmpdir(), 'cardiomap-bench-viewer-'));
try {
  const zips = ONLY_PHASES ? [] : await makeZips(zipFolder);
  const phaseZips = PHASES > 1 && !FELT ? await makePhaseZips(zipFolder) : [];
  const serverEnv = (data: string, webDist: string | undefined): Record<string, string> => ({
    DATA_DIR: data,
    JOB_TEMP_DIR: join(data, 'jobs'),
    DEMO_PASSWORD,
    RUN_WORKERS: 'true',
    ACCESS_TOKEN_MINUTES: '60',
    ...(webDist ? { WEB_DIST: webDist } : {}),
  });
  const server = await startServer(PORT, serverEnv(dataDir, WEB_DIST));
  const compareData = COMPARE_DIST && FELT ? join(dataDir, 'compare') : null;
  if (compareData) mkdirSync(compareData);
  const compare = compareData ? await startServer(PORT + 1, serverEnv(compareData, COMPARE_DIST)) : null;
  try {
    await waitUntilIdle(server.pid);
    if (FELT) {
      const servers = [{ label: `build ${WEB_DIST ?? 'web/dist'}`, ...server }];
      if (compare) servers.push({ label: `build ${COMPARE_DIST}`, ...compare });
      await benchFelt(servers, zips);
    }
    const rows: Record<string, string | number>[] = [];
    for (const zip of ONLY_PHASES || FELT ? [] : zips) {
      const studyId = await ingestStudy(server.url, server.pid, zip);
      await waitUntilIdle(server.pid);
      const runs: ViewerRun[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await visit(server.url, studyId, await signInTokens(server.url)));
      const firstFrame = median(runs.map((r) => r.firstFrameMs));
      const full = median(runs.map((r) => r.fullVolumeMs));
      const big = zip.label.startsWith('phantom');
      rows.push({
        volume: zip.label,
        runs: RUNS,
        'first frame ms (median)': Math.round(firstFrame),
        'first frame ms (max)': Math.round(Math.max(...runs.map((r) => r.firstFrameMs))),
        'full volume ms (median)': Math.round(full),
        'full volume ms (max)': Math.round(Math.max(...runs.map((r) => r.fullVolumeMs))),
        'JS heap MiB': Math.round(median(runs.map((r) => r.heapMiB))),
        'load 1m': load() ?? '',
        'vs target':
          big && firstFrame <= TARGET.firstFrameMs && full <= TARGET.fullVolumeMs
            ? 'meets target'
            : big
              ? 'misses target'
              : '(no target)',
      });
    }
    if (rows.length) {
      console.info(
        `\nStudy viewer, MPR route, cold browser per run, headless Chromium on loopback, PGlite server.\n` +
          `Target (512×512×${SLICES}): first frame ≤ ${TARGET.firstFrameMs} ms, full volume ≤ ${TARGET.fullVolumeMs} ms from navigation start.`,
      );
      console.table(rows);
    }
    if (phaseZips.length) await benchPhases(server, phaseZips);
  } finally {
    await server.stop();
    await compare?.stop();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  if (!keptFolder) rmSync(zipFolder, { recursive: true, force: true });
}
