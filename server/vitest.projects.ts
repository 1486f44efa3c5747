import type { TestProjectConfiguration } from 'vitest/config';

/** The server suite runs on embedded PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set. */
export function serverProjects(root: string): TestProjectConfiguration[] {
  const common = {
    root,
    environment: 'node' as const,
    pool: 'forks' as const,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  };
  return [
    {
      test: {
        ...common,
        name: 'server',
        include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
        globalSetup: ['test/global-setup-pglite.ts'],
        env: { CM_TEST_DB: 'pglite' },
      },
    },
    ...(process.env.TEST_DATABASE_URL
      ? [
          {
            test: {
              ...common,
              name: 'server-postgres',
              include: ['test/**/*.test.ts'],
              globalSetup: ['test/global-setup-postgres.ts'],
              setupFiles: ['test/pg-overlap-guard.ts'],
              env: { CM_TEST_DB: 'postgres' },
            },
          },
        ]
      : []),
  ];
}
