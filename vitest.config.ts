import { defineConfig } from 'vitest/config';

/**
 * One command, three projects: unit (pure code, fast), integration (the server through
 * app.inject on SQLite and, with TEST_DATABASE_URL, PostgreSQL), e2e (the built apps in
 * headless Chromium against a real server process).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.{ts,tsx}', 'apps/*/src/**/*.test.{ts,tsx}'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/server/**/*.int.test.ts'],
          exclude: ['**/node_modules/**'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // A page on a busy 2-core CI machine can take seconds to show what a poll waits for;
          // vitest's default of 1 s made polls there fail on timing, not on behaviour.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
