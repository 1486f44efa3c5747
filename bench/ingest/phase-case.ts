// One ingest of a gated phantom zip in this process, run by phases.ts in a child process of its own so
// that its peak memory (the ingest threads included) is this ingest's alone. A tiny ingest runs first,
// so the threads are started and compiled (under tsx, not the server's bundle) before the peak is
// reset: the figure is then the process at rest plus what the ingest adds. Prints one JSON line.
import { join } from 'node:path';
import { ingestZip } from '../../server/src/imaging/ingest/ingest-zip.ts';
import { gatedPhantomZip } from '../../server/src/imaging/testing/phantom.ts';
import { resetPeakRss, statusBytes } from '../lib/process-usage.ts';

const MIB = 1024 * 1024;
const [zipPath, workDir] = process.argv.slice(2);
if (!zipPath || !workDir) throw new Error('usage: phase-case.ts <zip> <work folder>');
const base = { pseudonym: 'BENCH-PHASES', uidSecret: 'bench', intervention: 'TAVI' };

const warmZip = join(workDir, 'warm.zip');
await gatedPhantomZip(warmZip, { phases: 2, slices: 4, uidRoot: '2.25.2828999' });
await ingestZip({ ...base, zipPath: warmZip, workDir: join(workDir, '..') });
const restMiB = Math.round((statusBytes(process.pid, 'VmRSS') ?? 0) / MIB);
const peakReset = resetPeakRss(process.pid);

const started = performance.now();
const result = await ingestZip({ ...base, zipPath, workDir });
const seconds = (performance.now() - started) / 1000;
if (result.outcome !== 'ready') throw new Error(`invalid: ${result.reasons.join(' ')}`);
console.info(
  JSON.stringify({
    seconds,
    phases: result.phases.length,
    slicesPerPhase: result.volume.dimensions[2],
    defaultPhase: result.phases.find((p) => p.isDefault)?.label,
    restMiB,
    peakRssMiB: Math.round((statusBytes(process.pid, 'VmHWM') ?? 0) / MIB),
    peakReset,
  }),
);
process.exit(0);
