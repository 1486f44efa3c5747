import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { serverProjects } from './server/vitest.projects.ts';
import { webProjects } from './web/vitest.projects.ts';

export default defineConfig({
  test: {
    // Vitest's default (cores − 1) runs one file at a time on a 2-core machine, while many server files
    // mostly wait on PostgreSQL, the job workers or the S3 server: two at a time keeps both cores busy.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { name: 'tooling', root: './tooling', include: ['**/*.test.ts'] } },
      { test: { name: 'contract', root: './packages/contract', include: ['src/**/*.test.ts'] } },
      { test: { name: 'domain', root: './packages/domain', include: ['src/**/*.test.ts'] } },
      ...serverProjects('./server'),
      ...webProjects('./web'),
    ],
  },
});
