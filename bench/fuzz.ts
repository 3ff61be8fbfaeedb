// Generated bad input for every operation of /api/openapi.json (issue 10): the real app on an
// in-memory PGlite through app.inject, the world of tests/security (seven roles, listings,
// offers, decks, checkouts), at least 300 cases per operation, seeded. Prints the answers by
// status for each operation, then every failure (a 5xx, a 4xx without the error body, a leak,
// or input breaking the schema that was accepted). Exits 1 when there is any failure.
//   npx tsx bench/fuzz.ts [--runs 300] [--seed 20261124] [--only "POST /api/offers"]
import { parseArgs } from 'node:util';
import { createTestApp } from '../tests/helpers/test-app';
import { runFuzz, type OperationReport } from '../tests/security/fuzz/run-fuzz';
import { SecurityWorld } from '../tests/security/security-world';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '300' },
    seed: { type: 'string', default: '20261124' },
    only: { type: 'string', multiple: true },
  },
});
const runs = Number(values.runs);
const seed = Number(values.seed);

function statusColumns(report: OperationReport): string {
  return Object.entries(report.statuses)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([status, count]) => `${status}:${count}`)
    .join(' ');
}

async function main(): Promise<void> {
  const started = Date.now();
  const t = await createTestApp();
  const world = await SecurityWorld.create(t);
  console.log(`fuzz: ${runs} cases per operation, seed ${seed}`);
  const reports = await runFuzz({
    world,
    runs,
    seed,
    only: values.only,
    onOperation: (report) =>
      console.log(
        `${report.operation.padEnd(52)} ${String(report.sent).padStart(5)}  ${statusColumns(report)}` +
          (report.failures.length ? `  FAILURES ${report.failures.length}` : ''),
      ),
  });
  await t.close();

  const totals: Record<string, number> = {};
  for (const report of reports) {
    for (const [status, count] of Object.entries(report.statuses)) {
      const group = status === '0' ? 'not sent' : `${status[0]}xx`;
      totals[group] = (totals[group] ?? 0) + count;
    }
  }
  const failures = reports.flatMap((report) => report.failures);
  const sent = reports.reduce((sum, report) => sum + report.sent, 0);
  const leaks = failures.filter((failure) => failure.reason.startsWith('leak')).length;
  console.log('');
  console.log(
    `operations ${reports.length}, requests ${sent}, ` +
      Object.entries(totals)
        .sort()
        .map(([group, count]) => `${group} ${count}`)
        .join(', ') +
      `, failures ${failures.length} (leaks ${leaks}), ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  for (const failure of failures) console.log(JSON.stringify(failure));
  process.exitCode = failures.length ? 1 : 0;
}

await main();
