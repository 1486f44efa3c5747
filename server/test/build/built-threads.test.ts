import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../scripts/build.mjs';
import type { SurfaceThreadInput, SurfaceThreadMessage } from '../../src/imaging/surface/surface-thread.ts';
import { layoutOf, sphere, voxelToPatient, writeShapesVolume } from '../imaging/surface/shapes-volume.ts';

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

describe('the built server (npm start) and its surface thread', () => {
  it('points the surface job at the built thread entry, not at the TypeScript through tsx', () => {
    const main = readFileSync(join(outdir, 'main.mjs'), 'utf8');
    expect(main).toContain(JSON.stringify(pathToFileURL(join(outdir, 'surface-thread.mjs')).href));
  });

  it('builds a model on the built thread, without tsx', async () => {
    const layout = layoutOf([48, 48, 40], [1, 1, 1], [0, 0, 0], [1, 0, 0, 0, 1, 0, 0, 0, 1]);
    const volumePath = join(volumeDir, 'sphere.cmvol');
    await writeShapesVolume(volumePath, layout, -100, [sphere(voxelToPatient(layout, 24, 24, 20), 12, 400)]);
    const message = await runBuiltThread({ volumePath, options: { targetVoxelMm: 1 } });
    if (message.type !== 'done' || !message.result) throw new Error(`no model: ${JSON.stringify(message)}`);
    expect(message.result.triangles).toBeGreaterThan(1000);
    expect(message.result.volumeMl).toBeCloseTo(((4 / 3) * Math.PI * 12 ** 3) / 1000, 0);
  }, 60_000);
});
