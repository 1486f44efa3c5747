// Builds the server (API and worker) into server/dist as plain ES modules, so that `npm start` runs it
// with node alone. Through the tsx loader the idle server held about 50 MB more (issue 4: API and
// worker under 300 MB): the loader, its transformed modules, and the source maps it turns on, which
// make Node parse the map of every package that ships one.
// Built at each start (about a second), so it is never older than the sources.
//   node scripts/build.mjs             builds
//   node scripts/build.mjs run worker  builds, then runs dist/worker.mjs (or main)
import { spawn } from 'node:child_process';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
// esbuild is tsx's own (tsx, a server dependency, runs on it): the same compiler as before, no new package.
import { build } from 'esbuild';

const SERVER = join(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = join(SERVER, 'dist');

/**
 * The arguments of `node` that run a built entry ('main' or 'worker'), from any working directory.
 * Without --enable-source-maps: with it Node parses the source map of every package that ships one,
 * about 40 MB. Stack traces name the lines of dist/*.mjs, whose code reads as the sources do (each
 * module under a `// src/…` comment); add the flag by hand to see the TypeScript lines.
 */
export function serverNodeArgs(entry) {
  return [...serverNodeFlags(), join(DIST, `${entry}.mjs`)];
}

/**
 * The flags of `node` the server runs with (serverNodeArgs puts them before the entry).
 *
 * A young generation of 4 MB semi-spaces instead of V8's 16 MB. With the larger one the API's heap
 * (~45 MB live) kept less room above it than the young generation may promote, so V8 started a full
 * collection after almost every one: 8–10 during a 500-slice ingest, ~45 ms of the job's thread each
 * plus their concurrent marking on the other core. With 4 MB: one, the ingest 5–10% faster, and less
 * memory held. (The ingest threads set their own, smaller limit; the surface thread takes this one.)
 */
export function serverNodeFlags() {
  return ['--max-semi-space-size=4'];
}

/**
 * The environment to run a built entry with: `env` with glibc's malloc held to two arenas unless `env`
 * says otherwise. Each thread that allocates (the ingest's worker threads, libuv's pool) otherwise gets
 * an arena of its own that keeps what it freed: about 40 MB more after one ingest, against the 300 MB the
 * API and worker may use while a 2 GB upload is ingested.
 */
export function serverNodeEnv(env = process.env) {
  return { MALLOC_ARENA_MAX: '2', ...env };
}

/** Packages stay where npm put them (loaded at run time as before); only our workspace code is bundled. */
const packagesExternal = {
  name: 'packages-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@cardiomap/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * `import.meta.url` keeps naming the source file, as under tsx, so paths made from it (migrations,
 * web/dist, the codecs' require) are the same. The bundle is built where it runs, so the absolute URL
 * holds. Any other use of import.meta would silently point into dist: refused.
 */
const sourceLocation = {
  name: 'source-location',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (/import\.meta\.(?!url\b)/.test(source)) {
        return { errors: [{ text: 'only import.meta.url is supported in server code (see scripts/build.mjs)' }] };
      }
      const url = JSON.stringify(pathToFileURL(args.path).href);
      return { contents: source.replaceAll('import.meta.url', url), loader: 'ts', resolveDir: dirname(args.path) };
    });
  },
};

/** `outdir` is for tests; it must sit inside server/ so the bundles find node_modules as dist does. */
export async function buildServer({ outdir = DIST } = {}) {
  const result = await build({
    absWorkingDir: SERVER,
    // Each worker thread (the surface extraction, the ingest's per-file work) is an entry of its own:
    // without it the built server's threads would load the TypeScript through tsx (its loader and
    // transformed modules, tens of MB).
    entryPoints: {
      main: 'src/main.ts',
      worker: 'src/worker.ts',
      'surface-thread': 'src/imaging/surface/surface-thread.ts',
      'ingest-thread': 'src/imaging/ingest/ingest-thread.ts',
      'mesh-thread': 'src/imaging/mesh/mesh-thread.ts',
    },
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Error and class names in logs stay the ones in the sources.
    keepNames: true,
    sourcemap: 'linked',
    // Stack traces need the mappings only; the sources are beside the bundle.
    sourcesContent: false,
    write: false,
    logLevel: 'warning',
    plugins: [packagesExternal, sourceLocation],
    define: {
      __CM_SURFACE_THREAD_BUNDLE__: JSON.stringify(pathToFileURL(join(outdir, 'surface-thread.mjs')).href),
      __CM_INGEST_THREAD_BUNDLE__: JSON.stringify(pathToFileURL(join(outdir, 'ingest-thread.mjs')).href),
      __CM_MESH_THREAD_BUNDLE__: JSON.stringify(pathToFileURL(join(outdir, 'mesh-thread.mjs')).href),
    },
  });
  await mkdir(outdir, { recursive: true });
  // Written aside then renamed: a server starting at the same moment never reads half a file.
  await Promise.all(
    result.outputFiles.map(async (file) => {
      const partial = join(outdir, `.${basename(file.path)}.${process.pid}.partial`);
      await writeFile(partial, file.contents);
      await rename(partial, file.path);
    }),
  );
}

/** Runs a built entry as a child process that gets the signals sent to this one and exits as it does. */
function runBuilt(entry) {
  const child = spawn(process.execPath, serverNodeArgs(entry), { stdio: 'inherit', env: serverNodeEnv() });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [command, entry = 'main'] = process.argv.slice(2);
  if (command !== undefined && (command !== 'run' || !['main', 'worker'].includes(entry))) {
    console.error('usage: node scripts/build.mjs [run main|worker]');
    process.exit(2);
  }
  await buildServer();
  if (command === 'run') runBuilt(entry);
}
