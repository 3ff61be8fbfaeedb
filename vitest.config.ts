import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  test: {
    include: [
      'src/**/*.test.ts',
      'src/**/*.test.tsx',
      'scripts/**/*.test.ts',
      'tests/unit/**/*.test.ts',
      'tests/security/**/*.test.ts',
      'tests/lint/**/*.test.ts',
    ],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 2,
    // Test files in one worker share its database (opening PGlite takes seconds);
    // tests/helpers/test-app.ts resets it before each file.
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    globalSetup: ['tests/helpers/global-setup.ts'],
  },
});
