/**
 * What the analysis job costs a running server on the embedded database: the demo catalogue
 * seeded into an in-memory PGlite (which runs on the main thread, so its queries hold the
 * event loop like the engine does), then the real job (`processAnalysisWork`, ticks of up to
 * 2 s in slices) until every listing is analysed, with Node's event-loop delay histogram
 * running throughout. The figure that matters is the longest single stall: no request can be
 * answered during it.
 *
 *   npm run bench:analysis-job [-- --listings 1200]
 */
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { count } from 'drizzle-orm';
import { openDatabase } from '@/server/db/client';
import { runMigrations } from '@/server/db/migrate';
import { seedDemoIfEmpty } from '@/server/seed/seed-demo';
import { processAnalysisWork } from '@/domains/analysis/server';
import { listingAnalyses } from '@/domains/analysis/server/analysis.tables';
import { loadMarketData } from '@/domains/analysis/server/market/market-data';

const { values: args } = parseArgs({
  options: { listings: { type: 'string', default: '1200' } },
});

const database = await openDatabase({});
await runMigrations(database);
const { db } = database;
await seedDemoIfEmpty(db, { listings: Number(args.listings) });

// The film market data is read and cleaned once per process (27–56 ms), before the job's
// first slice: measured on its own, so the stalls below are the job's own.
const marketStarted = performance.now();
loadMarketData();
const marketMs = performance.now() - marketStarted;

const histogram = monitorEventLoopDelay({ resolution: 1 });
// A 1 ms timer that notes the longest gap between its ticks (what a request would wait).
let last = performance.now();
let worstGapMs = 0;
const probe = setInterval(() => {
  const now = performance.now();
  worstGapMs = Math.max(worstGapMs, now - last);
  last = now;
}, 1);

histogram.enable();
const started = performance.now();
let ticks = 0;
for (;;) {
  const { slices } = await processAnalysisWork(db);
  ticks += 1;
  if (slices === 0) break;
}
const elapsedMs = performance.now() - started;
histogram.disable();
clearInterval(probe);
const [{ analysed }] = await db.select({ analysed: count() }).from(listingAnalyses);

const ms = (nanoseconds: number) => (nanoseconds / 1e6).toFixed(1);
console.log(`machine: ${os.cpus().length} × ${os.cpus()[0]?.model}, load ${os.loadavg()[0]}`);
console.log(`film market data loaded once: ${marketMs.toFixed(1)} ms`);
console.log(`listings analysed: ${analysed} in ${(elapsedMs / 1000).toFixed(1)} s, ${ticks} ticks`);
console.log(
  `event-loop delay: p50 ${ms(histogram.percentile(50))} ms, p99 ${ms(histogram.percentile(99))} ms, max ${ms(histogram.max)} ms`,
);
console.log(`longest gap a 1 ms timer saw: ${worstGapMs.toFixed(1)} ms`);
await database.close();
