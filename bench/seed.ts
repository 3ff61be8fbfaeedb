/**
 * npm run bench:seed — the demo catalogue's speed (issue 11: 100,000 listings in under a
 * minute): generating 100,000 coherent listings in memory, then `npm run seed` of 100,000
 * into a fresh embedded database (migrate, generate, COPY, indexes).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateListing, type CatalogueContext } from '@/app/server/seed/generate-listing';

const COUNT = 100_000;
const context: CatalogueContext = {
  count: COUNT,
  agents: Array.from({ length: 40 }, (_, k) => ({ id: k + 10, fullName: `Agent ${k}` })),
  demoAgent: { id: 3, fullName: 'Demo Agent' },
};

const started = performance.now();
for (let index = 0; index < COUNT; index += 1) generateListing(index, index + 1, context);
const generateSeconds = (performance.now() - started) / 1000;
console.log(
  `generate ${COUNT.toLocaleString('en-GB')} listings in memory: ${generateSeconds.toFixed(2)} s`,
);

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pts-seed-bench-'));
try {
  const seedStarted = performance.now();
  const result = spawnSync('npx', ['tsx', 'scripts/seed.ts', '--listings', String(COUNT)], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  console.log(
    `npm run seed -- --listings ${COUNT} on a fresh embedded database: ${seedSeconds.toFixed(1)} s (target < 60 s: ${seedSeconds < 60 ? 'meets' : 'misses'})`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
