// Seconds from spawning the built server to a 200 from /api/health: cold on an EMPTY data
// directory (migrate + seed the demo catalogue of 1,200 listings) and warm on the same
// directory again. 3 runs each; prints every run and the median. Run `npm run build` first.
// Usage: node bench/startup.mjs [--runs N]
import {
  makeDataDir,
  median,
  removeDataDir,
  requireBuild,
  startServer,
} from './lib/run-server.mjs';

const runsFlag = process.argv.indexOf('--runs');
const runs = runsFlag > 0 ? Number(process.argv[runsFlag + 1]) : 3;
const targets = { cold: 15, warm: 3 };

requireBuild();
const results = { cold: [], warm: [] };
const cpu = { cold: [], warm: [] };
let listingCount = null;

for (let run = 1; run <= runs; run += 1) {
  const dataDir = makeDataDir();
  try {
    const cold = await startServer({ dataDir });
    const stats = await fetch(`${cold.baseUrl}/api/public/stats`).catch(() => null);
    if (stats?.ok) listingCount = (await stats.json()).bookCount;
    await cold.stop();
    results.cold.push(cold.seconds);
    cpu.cold.push(cold.cpuSeconds);

    const warm = await startServer({ dataDir });
    await warm.stop();
    results.warm.push(warm.seconds);
    cpu.warm.push(warm.cpuSeconds);
    console.log(
      `run ${run}: cold ${cold.seconds.toFixed(2)} s (CPU ${cold.cpuSeconds.toFixed(2)} s), ` +
        `warm ${warm.seconds.toFixed(2)} s (CPU ${warm.cpuSeconds.toFixed(2)} s)`,
    );
  } finally {
    removeDataDir(dataDir);
  }
}

console.log(
  `\nlistings after the cold start: ${listingCount ?? 'unknown (GET /api/public/stats failed)'}`,
);
for (const kind of ['cold', 'warm']) {
  const value = median(results[kind]);
  const verdict = value < targets[kind] ? 'meets' : 'MISSES';
  console.log(
    `${kind} start median: ${value.toFixed(2)} s, CPU ${median(cpu[kind]).toFixed(2)} s ` +
      `(target < ${targets[kind]} s: ${verdict})`,
  );
}
