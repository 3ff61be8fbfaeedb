import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * Files that run a whole server process or work the whole 1,200-listing demo catalogue: each
 * keeps a core (or two) busy for a minute or more. Run beside the other files on a 2-core
 * machine they starved them until ordinary tests hit their 20 s limit (issue 32), so they run
 * on their own, one at a time, after the rest.
 */
const WHOLE_APP_FILES = [
  'src/app/server/shutdown.test.ts',
  'src/app/server/demo-catalogue-scores.test.ts',
];

export default defineConfig({
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  test: {
    environment: 'node',
    pool: 'forks',
    // Test files in one worker share its database (opening PGlite takes seconds);
    // tests/helpers/test-app.ts resets it before each file.
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    globalSetup: ['tests/helpers/global-setup.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'src/**/*.test.ts',
            'src/**/*.test.tsx',
            'scripts/**/*.test.ts',
            'tests/unit/**/*.test.ts',
            'tests/security/**/*.test.ts',
            'tests/lint/**/*.test.ts',
          ],
          exclude: WHOLE_APP_FILES,
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'whole-app',
          include: WHOLE_APP_FILES,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
