import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite, runMigrations } from '../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite cluster dumped once per run; every test file starts from a copy of it. */
    pgliteTemplatePath: string;
  }
}

/**
 * Global setup for the PGlite project: initdb and the migrations run once here instead of once per
 * test file (together several seconds a file on 2 busy cores), and each file loads the dump instead.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const folder = mkdtempSync(join(tmpdir(), 'cm-pglite-template-'));
  const template = await openPglite(undefined);
  try {
    await runMigrations(template);
    const dump = await template.dumpDataDir?.();
    if (!dump) throw new Error('PGlite did not dump its data folder');
    const path = join(folder, 'template.tar');
    writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteTemplatePath', path);
  } finally {
    await template.close();
  }
  return () => rmSync(folder, { recursive: true, force: true });
}
