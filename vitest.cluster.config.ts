import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * The cluster test (issue 32, `npm run test:cluster`): three built instances, PostgreSQL,
 * Redis and haproxy. One file, one worker: the cluster is the shared resource.
 */
export default defineConfig({
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  test: {
    include: ['tests/cluster/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 1,
    testTimeout: 120_000,
    // The build and three instances starting (each loads the embedding model).
    hookTimeout: 600_000,
  },
});
