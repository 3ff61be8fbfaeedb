// The deal room's property-based run at length (issue 28): many random sequences of offers,
// counters, acceptances, rejections, withdrawals, expiries, declined cards and failed
// re-authorisations on the real app and an in-memory PGlite, every invariant checked after
// every step. Issue 29: offers and counters on random parts of the grid, several disjoint
// deals, options lapsing (reversion); no two live deals overlap, the listing follows its cells. Prints sequences, steps, outcomes and violations; exits 1 on any violation.
//   npx tsx bench/deal-properties.ts [--sequences 200] [--steps 16] [--seed 20261127]
import { parseArgs } from 'node:util';
import { runDealProperties } from '../tests/helpers/deal-properties';
import { offerKit } from '../tests/helpers/fixtures/offers';
import { createTestApp, createUser } from '../tests/helpers/test-app';

const { values } = parseArgs({
  options: {
    sequences: { type: 'string', default: '200' },
    steps: { type: 'string', default: '16' },
    seed: { type: 'string', default: '20261127' },
  },
});

async function main(): Promise<void> {
  const started = Date.now();
  const t = await createTestApp();
  const kit = offerKit(t, { offerPrice: '40000', optionPeriod: 12 });
  const agent = await createUser(t.db, { role: 'agent' });
  await kit.signIn(agent);
  const report = await runDealProperties(
    { t, kit, agent },
    {
      sequences: Number(values.sequences),
      maxSteps: Number(values.steps),
      seed: Number(values.seed),
    },
  );
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `deal properties: ${report.sequences} sequences, ${report.steps} steps, violations: ${report.violations.length} (${seconds} s, seed ${values.seed})`,
  );
  for (const [outcome, count] of Object.entries(report.outcomes).sort()) {
    console.log(`  ${outcome.padEnd(24)} ${count}`);
  }
  for (const violation of report.violations) console.log(`VIOLATION ${violation}`);
  await t.close();
  process.exit(report.violations.length > 0 ? 1 : 0);
}

void main();
