/**
 * Figures for the ingest pipeline on a self-made 512×512×N CT phantom (default 500 slices):
 *   node --import tsx server/test/imaging/ingest/ingest-perf.ts [slices] [--stored]
 * Prints the zip size, pass timings from the log, total time, slices per second and peak RSS. Not a test:
 * timings depend on the machine; bench/ingest is where figures are compared with Orthanc.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import { ingestZip } from '../../../src/imaging/ingest/ingest-zip.ts';
import { phantomHU, phantomUid, writePhantomSlice } from '../../../src/imaging/testing/phantom.ts';

const count = Number(process.argv[2] ?? 500);
const compress = !process.argv.includes('--stored');
const size = 512;
const root = await mkdtemp(join(tmpdir(), 'cm-ingest-perf-'));
const work = join(root, 'work');
await mkdir(work);
const zipPath = join(root, 'phantom.zip');

// Slices are written one at a time into the zip, so making the fixture does not hold the series either.
const zip = new yazl.ZipFile();
const written = pipeline(zip.outputStream as unknown as Readable, createWriteStream(zipPath));
let noise = 12345;
for (let k = 0; k < count; k++) {
  const pixels = new Int16Array(size * size);
  for (let r = 0; r < size; r++) {
    for (let c = 0; c < size; c++) {
      // A little noise, as real CT has: without it deflate squeezes slices 200:1, which no scanner gives.
      noise = (noise * 1103515245 + 12345) & 0x7fffffff;
      pixels[r * size + c] = phantomHU(k, count, size, size, r, c) + 1024 + ((noise >> 16) % 16);
    }
  }
  const bytes = writePhantomSlice({
    rows: size,
    columns: size,
    pixelSpacing: [0.7, 0.7],
    position: [-179.2, -179.2, k * 0.625],
    orientation: [1, 0, 0, 0, 1, 0],
    pixels,
    seriesInstanceUid: phantomUid('2.25.99', 2),
    studyInstanceUid: phantomUid('2.25.99', 1),
    frameOfReferenceUid: phantomUid('2.25.99', 3),
    sopInstanceUid: phantomUid('2.25.99', 4, k),
    instanceNumber: k + 1,
    sliceThickness: 0.625,
  });
  zip.addBuffer(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), `DICOM/IM${k}`, { compress });
  if (k % 50 === 49) await new Promise((r) => setImmediate(r));
}
zip.end();
await written;
const zipBytes = (await stat(zipPath)).size;
console.info(`phantom zip: ${count} slices, ${(zipBytes / 1e6).toFixed(1)} MB (${compress ? 'deflated' : 'stored'})`);

(globalThis as { gc?: () => void }).gc?.();
const rssBefore = process.memoryUsage().rss;
let peak = rssBefore;
let peakBuffers = 0;
const sampler = setInterval(() => {
  const m = process.memoryUsage();
  peak = Math.max(peak, m.rss);
  peakBuffers = Math.max(peakBuffers, m.arrayBuffers);
}, 20);
const started = performance.now();
const result = await ingestZip({
  zipPath,
  workDir: work,
  pseudonym: 'PERF-0001',
  uidSecret: 'perf',
  log: (line) => console.info(`  ${((performance.now() - started) / 1000).toFixed(2)} s  ${line}`),
});
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
if (result.outcome !== 'ready') throw new Error(result.reasons.join(' '));
console.info(
  `ready in ${seconds.toFixed(2)} s: ${(count / seconds).toFixed(0)} slices/s; volume ${(
    (await stat(result.volumePath)).size / 1e6
  ).toFixed(
    1,
  )} MB; RSS ${(rssBefore / 1e6).toFixed(0)} MB before, peak ${(peak / 1e6).toFixed(0)} MB during ingest; peak buffers ${(peakBuffers / 1e6).toFixed(0)} MB`,
);
await rm(root, { recursive: true, force: true });
