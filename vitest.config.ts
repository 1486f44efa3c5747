import { defineConfig } from 'vitest/config';
import { serverProjects } from './server/vitest.projects.ts';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'tooling', root: './tooling', include: ['**/*.test.ts'] } },
      { test: { name: 'contract', root: './packages/contract', include: ['src/**/*.test.ts'] } },
      { test: { name: 'domain', root: './packages/domain', include: ['src/**/*.test.ts'] } },
      ...serverProjects('./server'),
      './web/vitest.config.ts',
    ],
  },
});
