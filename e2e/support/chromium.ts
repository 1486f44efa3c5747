/**
 * Debian's Chromium as the e2e tests and the browser benchmarks launch it (stack-notes.md): headless on
 * a machine without a GPU, WebGL2 through SwiftShader. One list, so the benchmarks measure the browser
 * the tests exercise.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--enable-unsafe-swiftshader',
];
