// Issue 28's ingest figures: a 10-phase × 250-slice ECG-gated series (512 × 512, one series, phases
// interleaved) beside a single-phase 250-slice one, the pipeline alone (imaging/ingest, no server, no
// upload), each run in a child process of its own: time, time per phase, peak memory of that process.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gatedPhantomZip } from '../../server/src/imaging/testing/phantom.ts';

const SLICES = Number(process.env.BENCH_PHASE_SLICES ?? 250);
const PHASES = Number(process.env.BENCH_PHASES ?? 10);
const SIZE = 512;
const TARGET_PEAK_MIB = 300;

interface CaseFigures {
  seconds: number;
  phases: number;
  slicesPerPhase: number;
  defaultPhase: string;
  /** The process at rest, threads started (under tsx), before the ingest. */
  restMiB: number;
  peakRssMiB: number;
  /** False when the kernel's peak mark could not be reset: the peak then includes the warm-up. */
  peakReset: boolean;
}

function runCase(zipPath: string, workDir: string): CaseFigures {
  mkdirSync(join(workDir, 'case'), { recursive: true });
  const script = fileURLToPath(new URL('./phase-case.ts', import.meta.url));
  const out = execFileSync(process.execPath, ['--import', 'tsx', script, zipPath, workDir], { encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').pop() as string) as CaseFigures;
}

export async function benchPhases(): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'cardiomap-bench-phases-'));
  try {
    const single = join(folder, 'single.zip');
    const gated = join(folder, 'gated.zip');
    await gatedPhantomZip(single, { phases: 1, slices: SLICES, size: SIZE, uidRoot: '2.25.2828001' });
    await gatedPhantomZip(gated, { phases: PHASES, slices: SLICES, size: SIZE, uidRoot: '2.25.2828002' });
    console.info(`\nMulti-phase ingest (issue 28): ${cpus().length} cores, load average ${loadavg()[0]?.toFixed(1)}`);
    const rows: [string, CaseFigures][] = [
      [`single phase × ${SLICES}`, runCase(single, join(folder, 'work-single'))],
      [`${PHASES} phases × ${SLICES}`, runCase(gated, join(folder, 'work-gated'))],
    ];
    const base = (rows[0] as [string, CaseFigures])[1];
    console.info(
      '| case | phases | time | per phase | × single | RSS at rest | peak RSS (target 300 MiB) | added by the ingest |',
    );
    console.info('|---|---|---|---|---|---|---|---|');
    for (const [label, f] of rows) {
      const perPhase = f.seconds / f.phases;
      console.info(
        `| ${label} | ${f.phases} (default ${f.defaultPhase}) | ${f.seconds.toFixed(1)} s | ${perPhase.toFixed(2)} s | ` +
          `${(f.seconds / base.seconds).toFixed(1)} | ${f.restMiB} MiB | ${f.peakRssMiB} MiB ${f.peakRssMiB <= TARGET_PEAK_MIB ? '✓' : '✗'}` +
          `${f.peakReset ? '' : ' (warm-up included)'} | ${f.peakRssMiB - f.restMiB} MiB |`,
      );
    }
    console.info(`load average after: ${loadavg()[0]?.toFixed(1)}`);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
