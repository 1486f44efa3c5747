// bench/viewer BENCH_FELT=1 (issue 30, "the viewer's felt wait"): the time until Cornerstone itself has
// drawn the first slice (mark `cm:mpr:engine-frame`; the 2D previews before it do not count), (a) from
// navigation start on a link straight to the MPR view, (b) from a click on the MPR tab while the 3D view
// is open. Each split by phase from the viewer's own performance marks and resource timings. Cold browser
// per visit; prints min / median / max beside the target and the issue's figures. Asserts nothing.
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH } from '../../e2e/support/chromium.ts';

/** Set: each visit also prints its GL calls and long tasks before the engine's first slice. */
const DETAIL = process.env.BENCH_DETAIL === '1';
/** Set: the tab switch is CPU-profiled from the click to the engine's slice (self time by function). */
const PROFILE = process.env.BENCH_PROFILE === '1';

/** Issue 30: on this machine, from page load and from the tab switch. */
export const FELT_TARGET_MS = 1000;
/** The issue's figures before any change (load average ~4). */
const ISSUE_BEFORE = { deepLink: '2,700–3,300', tabSwitch: '2,500', tabBack: '(not measured)' };

/** Phases in the order they happen; each is a mark or a resource timing, ms from the scenario's origin. */
const PHASES: { label: string; mark?: string; resource?: RegExp; end?: boolean }[] = [
  { label: 'start-up script runs', mark: 'cm:boot:run' },
  { label: 'session restored (refresh answered)', resource: /\/api\/refreshtoken\//, end: true },
  { label: 'viewer load answered', resource: /\/api\/study-viewer\//, end: true },
  { label: 'volume header asked', resource: /\.cmvol|\/volume/ },
  { label: '2D preview on screen', mark: 'cm:mpr:first-frame' },
  { label: 'app bundle run', mark: 'cm:app:run' },
  { label: 'viewer first render', mark: 'cm:viewer:workspace' },
  { label: 'MPR chunk asked', mark: 'cm:mpr:chunk-asked' },
  { label: 'MPR chunk fetched', resource: /MprChild/, end: true },
  { label: 'MPR chunk run', mark: 'cm:mpr:chunk-run' },
  { label: 'engine: volume asked (load-start)', mark: 'cm:mpr:load-start' },
  { label: 'engine/WebGL init start', mark: 'cm:mpr:engine-init-start' },
  { label: 'engine/WebGL init end', mark: 'cm:mpr:engine-init-end' },
  { label: 'engine: volume set on panes', mark: 'cm:mpr:volume-set' },
  { label: 'FIRST ENGINE-DRAWN SLICE', mark: 'cm:mpr:engine-frame' },
];

type Figures = Record<string, number | undefined>;

interface Tokens {
  access: string;
  refresh: string;
}

/** Marks and resources of the page, ms after `origin` (only those at or after it). */
async function phasesAfter(page: import('playwright-core').Page, origin: number): Promise<Figures> {
  const raw = await page.evaluate(() => ({
    marks: performance.getEntriesByType('mark').map((e) => [e.name, e.startTime] as const),
    resources: performance.getEntriesByType('resource').map((e) => {
      const r = e as PerformanceResourceTiming;
      return [r.name, r.startTime, r.responseEnd] as const;
    }),
  }));
  const figures: Figures = {};
  for (const phase of PHASES) {
    let at: number | undefined;
    if (phase.mark) at = raw.marks.find(([name, t]) => name === phase.mark && t >= origin)?.[1];
    if (phase.resource) {
      const hit = raw.resources.find(([name, start]) => phase.resource?.test(name) && start >= origin);
      at = hit ? (phase.end ? hit[2] : hit[1]) : undefined;
    }
    figures[phase.label] = at === undefined ? undefined : at - origin;
  }
  // Between the origin and the engine's first slice: GL work by kind (calls, ms) and long tasks.
  const end = (figures['FIRST ENGINE-DRAWN SLICE'] ?? Number.POSITIVE_INFINITY) + origin;
  const gl = await page.evaluate(() => (globalThis as unknown as { __cmGl?: [string, number, number][] }).__cmGl ?? []);
  const kinds = new Map<string, { n: number; ms: number }>();
  for (const [name, start, ms] of gl) {
    if (start < origin || start > end) continue;
    const kind = kinds.get(name) ?? { n: 0, ms: 0 };
    kind.n++;
    kind.ms += ms;
    kinds.set(name, kind);
  }
  if (DETAIL) {
    const warm = raw.marks.filter(([name]) => name.startsWith('cm:mpr:gl-warm') || name.startsWith('cm:mpr:warm'));
    if (warm.length)
      console.info(`  warm-up marks: ${warm.map(([n, t]) => `${n} ${Math.round(t - origin)}`).join(', ')}`);
    const tasks = gl
      .filter(([name, start]) => name === 'long task' && start >= origin && start <= end)
      .map(([, start, ms]) => `${Math.round(start - origin)}+${Math.round(ms)}`);
    console.info(
      `  GL before the first engine slice: ${[...kinds].map(([k, v]) => `${k} ${v.n}× ${Math.round(v.ms)} ms`).join(', ')}; long tasks: ${tasks.join(', ')}`,
    );
  }
  return figures;
}

async function withPage<T>(
  url: string,
  tokens: Tokens,
  chromiumArgs: string[],
  run: (page: import('playwright-core').Page) => Promise<T>,
): Promise<T> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: chromiumArgs });
  try {
    const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
    await context.addCookies([{ name: 'cm_consent', value: 'functional', url }]);
    await context.addInitScript((t) => {
      // An older release's stored refresh token: the page moves it into the cookie and starts signed in.
      const { localStorage } = globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } };
      localStorage.setItem('cm_refresh', t.refresh);
    }, tokens);
    const page = await context.newPage();
    await page.addInitScript(() => {
      // Texture uploads and allocations, to see how much of the wait is SwiftShader's texture work.
      const calls: [string, number, number][] = [];
      (globalThis as unknown as { __cmGl: typeof calls }).__cmGl = calls;
      const proto = WebGL2RenderingContext.prototype as unknown as Record<string, (...a: unknown[]) => unknown>;
      // getShaderParameter / getProgramParameter wait for the compile and link the two calls before only queue.
      for (const name of [
        'texSubImage3D',
        'texStorage3D',
        'compileShader',
        'linkProgram',
        'getShaderParameter',
        'getProgramParameter',
        'readPixels',
      ]) {
        const original = proto[name] as (...a: unknown[]) => unknown;
        proto[name] = function (this: unknown, ...args: unknown[]) {
          const start = performance.now();
          const result = original.apply(this, args);
          calls.push([name, start, performance.now() - start]);
          return result;
        };
      }
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) calls.push(['long task', e.startTime, e.duration]);
      }).observe({ type: 'longtask' as never, buffered: true });
    });
    return await run(page);
  } finally {
    await browser.close();
  }
}

const engineFrameAfter = (page: import('playwright-core').Page, origin: number) =>
  page.waitForFunction(
    (o) => performance.getEntriesByName('cm:mpr:engine-frame').some((e) => e.startTime >= o),
    origin,
    { timeout: 60_000 },
  );

/** (a) A link straight to the MPR view: navigation start → the engine's first slice. */
export function visitDeepLink(url: string, studyId: string, tokens: Tokens, args: string[]): Promise<Figures> {
  return withPage(url, tokens, args, async (page) => {
    await page.goto(`${url}/study-viewer/${studyId}/mprviewer`);
    await engineFrameAfter(page, 0);
    return phasesAfter(page, 0);
  });
}

/** (b) The 3D view open and settled, then a click on the MPR tab → the engine's first slice. */
export function visitTabSwitch(url: string, studyId: string, tokens: Tokens, args: string[]): Promise<Figures> {
  return withPage(url, tokens, args, async (page) => {
    await page.goto(`${url}/study-viewer/${studyId}/3dsurfaceviewer`);
    const tab = page.getByRole('tab', { name: 'MPR' });
    await tab.waitFor({ timeout: 60_000 });
    return clickMprTab(page, 'bench:tab-click');
  });
}

/**
 * (c) Back to the MPR view: opened by link, its whole volume in, then the 3D tab, settled, then the MPR
 * tab again → the engine's next drawn slice after that click (the view the user already had).
 */
export function visitTabBack(url: string, studyId: string, tokens: Tokens, args: string[]): Promise<Figures> {
  return withPage(url, tokens, args, async (page) => {
    await page.goto(`${url}/study-viewer/${studyId}/mprviewer`);
    await page.waitForFunction(() => performance.getEntriesByName('cm:mpr:volume-complete').length > 0, null, {
      timeout: 90_000,
    });
    await page.getByRole('tab', { name: '3D' }).click();
    await page.locator('[data-testid="mpr-pane-axial"]').waitFor({ state: 'hidden', timeout: 60_000 });
    return clickMprTab(page, 'bench:tab-back-click');
  });
}

/** A user's pause on the settled page, then a click on the MPR tab, timed to the engine's slice after it. */
async function clickMprTab(page: import('playwright-core').Page, markName: string): Promise<Figures> {
  const tab = page.getByRole('tab', { name: 'MPR' });
  // As a user would: the 3D view has loaded and been looked at for a few seconds, the page idle.
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(3000);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  // The click's own time stamp (not Playwright's round trip) is the origin.
  await page.evaluate((name) => {
    addEventListener('pointerdown', (event) => performance.mark(name, { startTime: event.timeStamp }), {
      capture: true,
      once: true,
    });
  }, markName);
  const profiler = PROFILE ? await page.context().newCDPSession(page) : null;
  if (profiler) {
    await profiler.send('Profiler.enable');
    await profiler.send('Profiler.setSamplingInterval', { interval: 500 });
    await profiler.send('Profiler.start');
  }
  await tab.click();
  const origin = (await (
    await page.waitForFunction((name) => performance.getEntriesByName(name)[0]?.startTime, markName)
  ).jsonValue()) as number;
  await engineFrameAfter(page, origin);
  if (profiler) printProfile((await profiler.send('Profiler.stop')).profile as Profile);
  return phasesAfter(page, origin);
}

interface Profile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

/** BENCH_PROFILE=1: the main thread's self time by function, from the click to the engine's slice. */
function printProfile(profile: Profile): void {
  const byId = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const self = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id);
    const key = frame
      ? `${frame.functionName || '(anonymous)'} ${frame.url.replace(/^.*\//, '')}:${frame.lineNumber}:${(frame as { columnNumber?: number }).columnNumber}`
      : '?';
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 25);
  console.info(`  profile (self ms):\n${top.map(([k, ms]) => `    ${Math.round(ms)}  ${k}`).join('\n')}`);
}

const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    min: sorted[0],
    median: sorted[Math.floor(sorted.length / 2)],
    max: sorted[sorted.length - 1],
  };
};

/** Prints one scenario's phases, min / median / max of the visits where the phase happened. */
export function printFelt(
  title: string,
  runs: Figures[],
  before: 'deepLink' | 'tabSwitch' | 'tabBack',
  load: string,
): void {
  const rows = PHASES.map(({ label }) => {
    const values = runs.map((r) => r[label]).filter((v): v is number => v !== undefined);
    if (!values.length) return { phase: label, runs: 0, 'min ms': '–', 'median ms': '–', 'max ms': '–' };
    const { min, median, max } = stats(values);
    return {
      phase: label,
      runs: values.length,
      'min ms': Math.round(min ?? 0),
      'median ms': Math.round(median ?? 0),
      'max ms': Math.round(max ?? 0),
    };
  });
  const finals = runs.map((r) => r['FIRST ENGINE-DRAWN SLICE']).filter((v): v is number => v !== undefined);
  const { median } = stats(finals);
  console.info(
    `\n${title}: to the first slice drawn by the engine, ${runs.length} cold visits, load average ${load}.\n` +
      `  Target ≤ ${FELT_TARGET_MS} ms; issue 30 before: ${ISSUE_BEFORE[before]} ms. Now (all): ` +
      `${finals.map((v) => Math.round(v)).join(' / ')} → median ${Math.round(median ?? Number.NaN)} ms ` +
      `(${(median ?? Number.POSITIVE_INFINITY) <= FELT_TARGET_MS ? 'meets' : 'misses'} the target)`,
  );
  console.table(rows);
}
