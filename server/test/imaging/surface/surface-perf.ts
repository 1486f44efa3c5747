/**
 * Figures for the surface job's pipeline on a self-made 512 × 512 × 500 CT angiogram at 0.4 mm:
 *   node --import tsx server/test/imaging/surface/surface-perf.ts [slices]
 * Writes the volume (a heart-sized blood pool with an aortic arch, a spine of cortex and marrow, 18 HU
 * noise), then extracts the surface in a fresh process and prints its time, peak RSS and the mesh. Not a
 * test: timings depend on the machine.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_VOLUME_LEVELS } from '@cardiomap/domain';
import { extractSurface } from '../../../src/imaging/surface/extract-surface.ts';
import { createVolumeWriter } from '../../../src/imaging/volume/volume-file.ts';

const SIZE = 512;
const MM = 0.4;

if (process.argv[2] === 'extract') {
  const path = process.argv[3] as string;
  const started = performance.now();
  const cpu = process.cpuUsage();
  const result = await extractSurface(path, { log: (line) => console.info(`  ${line}`) });
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  console.info(
    JSON.stringify({
      seconds: Number(seconds.toFixed(2)),
      cpuSeconds: Number(((used.user + used.system) / 1e6).toFixed(2)),
      peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
      triangles: result?.triangles,
      vertices: result?.vertices,
      volumeMl: result && Number(result.volumeMl.toFixed(1)),
      glbKb: result && Math.round(result.glb.length / 1024),
    }),
  );
} else {
  const slices = Number(process.argv[2] ?? 500);
  const dir = await mkdtemp(join(tmpdir(), 'cm-surface-perf-'));
  const path = join(dir, 'phantom.cmvol');
  try {
    const made = performance.now();
    await writePhantom(path, slices);
    const size = (await stat(path)).size;
    console.info(
      `volume ${SIZE}×${SIZE}×${slices} at ${MM} mm: ${Math.round(size / 2 ** 20)} MB, written in ${((performance.now() - made) / 1000).toFixed(1)} s`,
    );
    execFileSync(process.execPath, ['--import', 'tsx', import.meta.filename, 'extract', path], { stdio: 'inherit' });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function writePhantom(path: string, slices: number): Promise<void> {
  const writer = await createVolumeWriter(path, {
    version: 1,
    dimensions: [SIZE, SIZE, slices],
    spacing: [MM, MM, MM],
    origin: [-102.4, -102.4, -100],
    direction: [1, 0, 0, 0, 1, 0, 0, 0, 1],
    dataType: 'int16',
    compression: 'deflate-raw',
    levels: DEFAULT_VOLUME_LEVELS,
    interpolationType: 0,
  });
  let seed = 0x5eed;
  const noise = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return ((seed >> 8) % 63) - 31;
  };
  const extent = slices * MM;
  for (let k = 0; k < slices; k++) {
    const z = -100 + k * MM;
    const pixels = new Int16Array(SIZE * SIZE);
    // An aortic arch: ascending at x = 15, descending at x = −25, joined over the top of the volume.
    const archTop = -100 + extent * 0.85;
    const archDy = archTop - z;
    for (let j = 0; j < SIZE; j++) {
      const y = -102.4 + j * MM;
      for (let i = 0; i < SIZE; i++) {
        const x = -102.4 + i * MM;
        let hu = (x / 95) ** 2 + (y / 75) ** 2 < 1 ? 40 : -1000;
        if (hu > 0) {
          const heart = Math.hypot((x - 10) / 55, (y + 5) / 45, (z - (-100 + extent * 0.35)) / 50);
          const ascending = z < archTop && Math.hypot(x - 15, y + 10) < 14;
          const descending = z < archTop && Math.hypot(x + 25, y - 30) < 12;
          const arch = z >= archTop - 25 && Math.abs(Math.hypot(x + 5, archDy) - 20) < 13 && Math.abs(y - 10) < 14;
          if (heart < 1 || ascending || descending || arch) hu = 350;
          const spine = Math.hypot(x, y - 55);
          if (spine < 16) hu = spine < 13 ? 250 : 1000;
          hu += noise() / 2;
        }
        pixels[j * SIZE + i] = hu;
      }
    }
    await writer.append(pixels);
  }
  await writer.finish();
}
