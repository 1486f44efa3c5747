import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, serverNodeFlags } from '../../scripts/build.mjs';
import type { IngestThreadReply, IngestThreadRequest } from '../../src/imaging/ingest/ingest-thread.ts';
import type { ConvertOutcome } from '../../src/imaging/mesh/convert-mesh.ts';
import type { MeshThreadInput } from '../../src/imaging/mesh/mesh-thread.ts';
import type { SurfaceThreadInput, SurfaceThreadMessage } from '../../src/imaging/surface/surface-thread.ts';
import { phantomSeries } from '../../src/imaging/testing/phantom.ts';
import { openZip } from '../../src/imaging/zip/read-zip.ts';
import { binaryStl } from '../imaging/mesh/mesh-samples.ts';
import { layoutOf, sphere, voxelToPatient, writeShapesVolume } from '../imaging/surface/shapes-volume.ts';
import { writeZip } from '../imaging/zip/zip-fixtures.ts';

// Inside server/ so the bundles resolve their packages from server/node_modules, as dist/ does.
const outdir = join(import.meta.dirname, '..', '..', `.dist-test-${process.pid}`);
let volumeDir: string;

beforeAll(async () => {
  volumeDir = await mkdtemp(join(tmpdir(), 'cm-built-surface-'));
  await buildServer({ outdir });
}, 120_000);
afterAll(async () => {
  await rm(outdir, { recursive: true, force: true });
  await rm(volumeDir, { recursive: true, force: true });
});

/** Runs the built thread entry the way the built server does, and answers its last message. */
function runBuiltThread(input: SurfaceThreadInput): Promise<SurfaceThreadMessage> {
  const worker = new Worker(pathToFileURL(join(outdir, 'surface-thread.mjs')), { workerData: input, execArgv: [] });
  return new Promise((resolve, reject) => {
    worker.on('message', (message: SurfaceThreadMessage) => {
      if (message.type === 'log') return;
      void worker.terminate();
      resolve(message);
    });
    worker.on('error', reject);
  });
}

/** Sends one task to the built ingest thread, as the built server's pool does, and answers its reply. */
function runBuiltIngestTask(request: IngestThreadRequest): Promise<IngestThreadReply> {
  const worker = new Worker(pathToFileURL(join(outdir, 'ingest-thread.mjs')), { execArgv: [] });
  return new Promise((resolve, reject) => {
    worker.on('message', (reply: IngestThreadReply) => {
      void worker.terminate();
      resolve(reply);
    });
    worker.on('error', reject);
    worker.postMessage(request);
  });
}

/** The largest the young generation (two semi-spaces) grew, MB, in a node run with `flags` that makes garbage. */
function youngGenerationGrownTo(flags: string[]): number {
  const script = `
    const v8 = require('node:v8');
    let most = 0, keep = [];
    for (let i = 0; i < 400000; i++) {
      keep.push({ i, s: 'x' + i });
      if (keep.length > 2000) keep = [];
      if (i % 1000 === 0) most = Math.max(most, v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size);
    }
    console.log(most / 1048576);`;
  const run = spawnSync(process.execPath, [...flags, '-e', script], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`node ${flags.join(' ')} failed: ${run.stderr}`);
  return Number(run.stdout.trim());
}

describe('the built server (npm start) and its threads', () => {
  it("runs with V8's young generation held to 4 MB semi-spaces (fewer full collections of the API's heap)", () => {
    expect(youngGenerationGrownTo(serverNodeFlags())).toBeLessThanOrEqual(2 * 4);
    // What it guards against: with V8's own default the same garbage grows it past that.
    expect(youngGenerationGrownTo([])).toBeGreaterThan(2 * 4);
  });

  it('points the surface job at the built thread entry, not at the TypeScript through tsx', () => {
    const main = readFileSync(join(outdir, 'main.mjs'), 'utf8');
    expect(main).toContain(JSON.stringify(pathToFileURL(join(outdir, 'surface-thread.mjs')).href));
  });

  it('points the ingest at the built ingest thread entry', () => {
    const main = readFileSync(join(outdir, 'main.mjs'), 'utf8');
    expect(main).toContain(JSON.stringify(pathToFileURL(join(outdir, 'ingest-thread.mjs')).href));
  });

  it('points mesh validation at the built mesh thread entry, and converts a mesh on it without tsx', async () => {
    const main = readFileSync(join(outdir, 'main.mjs'), 'utf8');
    expect(main).toContain(JSON.stringify(pathToFileURL(join(outdir, 'mesh-thread.mjs')).href));
    const inputPath = join(volumeDir, 'tetra.stl');
    writeFileSync(inputPath, binaryStl());
    const input: MeshThreadInput = {
      inputPath,
      format: 'stl',
      outputPath: join(volumeDir, 'tetra.glb'),
      name: 'Aorta',
    };
    const worker = new Worker(pathToFileURL(join(outdir, 'mesh-thread.mjs')), { workerData: input, execArgv: [] });
    const outcome = await new Promise<ConvertOutcome>((resolve, reject) => {
      worker.on('message', (message: ConvertOutcome) => {
        void worker.terminate();
        resolve(message);
      });
      worker.on('error', reject);
    });
    expect(outcome).toMatchObject({ ok: true, mesh: { triangles: 4, vertices: 4 } });
  }, 60_000);

  it('reads a CT header on the built ingest thread, without tsx', async () => {
    const [slice] = phantomSeries({ count: 1 });
    const zipPath = join(volumeDir, 'one.zip');
    await writeZip(zipPath, [{ name: slice!.name, data: Buffer.from(slice!.bytes) }]);
    const [entry] = (await openZip(zipPath)).entries;
    const reply = await runBuiltIngestTask({ id: 7, task: { op: 'scan', source: entry!.source } });
    expect(reply).toMatchObject({ id: 7, ok: true, outcome: { kind: 'usable', instance: { rows: 64, columns: 64 } } });
  }, 60_000);

  it('warms up on its sample on the built ingest thread, which carries the sample writer', async () => {
    const reply = await runBuiltIngestTask({ id: 8, task: { op: 'warm-up', files: 1 } });
    expect(reply).toEqual({ id: 8, ok: true, outcome: { kind: 'warm' } });
  }, 60_000);

  it('runs the automatic anatomy on the built thread, without tsx', async () => {
    const layout = layoutOf([48, 48, 40], [1, 1, 1], [0, 0, 0], [1, 0, 0, 0, 1, 0, 0, 0, 1]);
    const volumePath = join(volumeDir, 'sphere.cmvol');
    await writeShapesVolume(volumePath, layout, -100, [sphere(voxelToPatient(layout, 24, 24, 20), 12, 400)]);
    const message = await runBuiltThread({ volumePath });
    if (message.type !== 'done') throw new Error(`no answer: ${JSON.stringify(message)}`);
    // A bright ball is no aorta: the built thread ran the segmentation, which says so instead of a blob.
    expect(message.result).toMatchObject({ found: false, meshes: [], labelsNrrd: null });
    expect(message.result.warnings.join(' ')).toMatch(/no contrast-filled aortic root found/);
  }, 60_000);
});
