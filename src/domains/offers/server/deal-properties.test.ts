import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import { runDealProperties } from '../../../../tests/helpers/deal-properties';
import { offerKit, type OfferKit } from '../../../../tests/helpers/fixtures/offers';
import { createTestApp, createUser, type TestApp } from '../../../../tests/helpers/test-app';

let t: TestApp;
let kit: OfferKit;
let agent: UserRow;

beforeAll(async () => {
  t = await createTestApp();
  kit = offerKit(t, { offerPrice: '40000', optionPeriod: 12 });
  agent = await createUser(t.db, { role: 'agent' });
  await kit.signIn(agent);
}, 120_000);

afterAll(async () => {
  await t.close();
});

describe('[DEALS] properties of the deal room over random sequences (bounded run)', () => {
  it('holds match the terms, no hold outlives its offer, agreements as agreed, 409s change nothing; no two live deals overlap, the listing follows its cells, no open offer overlaps a deal, no capture twice', async () => {
    // Bounded for npm test; `npm run bench:deal-properties` runs many more.
    const report = await runDealProperties(
      { t, kit, agent },
      { sequences: 6, maxSteps: 10, seed: 20261127 },
    );
    expect(report.violations).toEqual([]);
    expect(report.sequences).toBe(6);
  }, 120_000);
});
