/// <reference lib="dom" />
// bench/viewer texture upload: how long this machine's browser takes just to put a 512×512×500 volume
// into a WebGL2 3D texture, slice by slice as Cornerstone3D's streaming texture does, in each format a
// 16-bit CT volume could be kept in. It bounds the study viewer's "full volume" figure from below: no
// download, decoding or drawing is counted. Same headless Chromium and flags as bench/viewer. Prints
// figures; asserts nothing.
import { cpus, loadavg } from 'node:os';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/support/chromium.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SLICES = Number(process.env.BENCH_SLICES ?? 500);

/** Texture formats: float32 (Cornerstone here), half float, 16-bit integer (not filterable), 8-bit. */
const FORMATS = ['R32F', 'R16F', 'R16I', 'R8'] as const;
type Format = (typeof FORMATS)[number];

/** Runs in the page: allocates the texture, uploads `slices` slices one by one, waits for the GPU. */
function uploadInPage([format, slices]: [Format, number]) {
  const gl = document.createElement('canvas').getContext('webgl2');
  if (!gl) throw new Error('no WebGL2');
  const size = 512 * 512;
  const formats = {
    R32F: [gl.R32F, gl.RED, gl.FLOAT, () => new Float32Array(size).fill(-1024)],
    R16F: [gl.R16F, gl.RED, gl.HALF_FLOAT, () => new Uint16Array(size).fill(0xe400)],
    R16I: [gl.R16I, gl.RED_INTEGER, gl.SHORT, () => new Int16Array(size).fill(-1024)],
    R8: [gl.R8, gl.RED, gl.UNSIGNED_BYTE, () => new Uint8Array(size).fill(7)],
  } as const;
  const [internal, layout, type, slice] = formats[format];
  const renderer = gl.getExtension('WEBGL_debug_renderer_info');
  // The browser sets the GL context up on its first commands: not part of an upload, so done first.
  gl.bindTexture(gl.TEXTURE_3D, gl.createTexture());
  gl.texStorage3D(gl.TEXTURE_3D, 1, internal, 4, 4, 4);
  gl.texSubImage3D(gl.TEXTURE_3D, 0, 0, 0, 0, 4, 4, 1, layout, type, slice().subarray(0, 16));
  gl.finish();
  const started = performance.now();
  gl.bindTexture(gl.TEXTURE_3D, gl.createTexture());
  gl.texStorage3D(gl.TEXTURE_3D, 1, internal, 512, 512, slices);
  const pixels = slice();
  for (let k = 0; k < slices; k++) gl.texSubImage3D(gl.TEXTURE_3D, 0, 0, 0, k, 512, 512, 1, layout, type, pixels);
  // A synchronous round trip to the GPU process: every upload before it has been carried out.
  gl.finish();
  return {
    ms: performance.now() - started,
    renderer: renderer ? String(gl.getParameter(renderer.UNMASKED_RENDERER_WEBGL)) : 'unknown',
    norm16: gl.getExtension('EXT_texture_norm16') !== null,
  };
}

console.info(`bench/viewer texture upload on ${cpus().length} cores, load average ${loadavg()[0]?.toFixed(1)}`);
const rows: Record<string, string | number>[] = [];
let renderer = '';
let norm16 = false;
for (const format of FORMATS) {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
    try {
      const page = await browser.newPage();
      await page.setContent('<!doctype html><title>texture upload</title>');
      const result = await page.evaluate(uploadInPage, [format, SLICES] as [Format, number]);
      times.push(result.ms);
      renderer = result.renderer;
      norm16 = result.norm16;
    } finally {
      await browser.close();
    }
  }
  const sorted = [...times].sort((a, b) => a - b);
  rows.push({
    format,
    'MB uploaded': Math.round((512 * 512 * SLICES * { R32F: 4, R16F: 2, R16I: 2, R8: 1 }[format]) / 1e6),
    'ms (median)': Math.round(sorted[Math.floor(sorted.length / 2)] as number),
    'ms (all runs)': times.map(Math.round).join(', '),
  });
}
console.info(`renderer: ${renderer}; EXT_texture_norm16: ${norm16 ? 'offered' : 'not offered'}`);
console.info(
  `${SLICES} slices of 512×512, one texSubImage3D each, then gl.finish(); issue 5's full-volume target is 2,500 ms.`,
);
console.table(rows);
