import { expectNoSeriousAxeViolations } from './helpers/accessibility';
import { registerVerifiedProducer } from './helpers/accounts';
import { fetchListings } from './helpers/catalogue';
import { demoAccounts, expect, test } from './helpers/journey';
import { test as mailTest } from './helpers/mail-fixture';

/** A demo-catalogue book (older than any journey's own listings) with a known page count. */
async function demoBook(page: Parameters<typeof fetchListings>[0]) {
  const { items } = await fetchListings(page, { limit: '48', medium: 'book' });
  const old = items.filter((item) => Date.parse(item.createdAt) < Date.now() - 30 * 60 * 1000);
  expect(old.length, 'the demo catalogue has books').toBeGreaterThan(0);
  return old[0];
}

test('[ANALYSIS] a premium producer reads a score whose parts add up, the catalogue’s same score, its basis, the enhanced view and the PDF', async ({
  page,
  login,
  takeScreenshot,
}) => {
  test.setTimeout(120_000);
  await login(page, demoAccounts.premium);
  const listing = await demoBook(page);
  await page.goto(`/listings/${listing.id}`);
  await expect(page.getByRole('heading', { name: listing.title, level: 1 })).toBeVisible();

  // How the score was reached: from all films' recoup rate, each part adds points; the
  // chart's table gives them, and they add up to the score (within rounding).
  const parts = page.getByRole('figure', { name: 'How the score was reached' });
  await expect(parts).toBeVisible();
  const rows = parts.getByRole('row');
  let total = 0;
  for (let index = 1; index < (await rows.count()); index += 1) {
    const cell = rows.nth(index).getByRole('cell').nth(1);
    const match = /[-+−]?\d+(\.\d+)?/.exec((await cell.innerText()).replace('−', '-'));
    expect(match, 'each part has points').not.toBeNull();
    total += Number(match![0]);
  }
  const score = Number(await page.getByTestId('viability-score').innerText());
  expect(Math.abs(total - score)).toBeLessThanOrEqual(1);
  // One truth: the catalogue's stored score is the analysis's. When the analysis job has just
  // scored the title, the catalogue takes the job's changes a few seconds later (issue 33).
  await expect
    .poll(async () => {
      const { items } = await fetchListings(page, { limit: '48', medium: 'book' });
      const inCatalogue = items.find((item) => item.id === listing.id) as
        { viabilityScore?: number | null } | undefined;
      return inCatalogue?.viabilityScore;
    })
    .toBe(score);
  await expect(page.getByRole('region', { name: 'Method and back-test' })).toContainText(
    'Back-test of',
  );
  await takeScreenshot('01-standard');

  // A figure's basis: what it rests on, the formula and the years of film data.
  await page.getByRole('button', { name: 'Basis of Commercial Viability Score' }).click();
  const basis = page.getByRole('region', { name: 'Basis of Commercial Viability Score' });
  await expect(basis).toContainText('Formula:');
  await expectNoSeriousAxeViolations(page, 'the analysis with a basis open');

  // Enhanced and back.
  await page.getByRole('button', { name: 'Switch to Enhanced' }).click();
  await expect(page.getByRole('region', { name: 'Enhanced Analysis' })).toBeVisible();
  await expect(page.getByRole('tablist', { name: 'Enhanced analysis sections' })).toBeVisible();
  await takeScreenshot('02-enhanced');
  await page.getByRole('button', { name: 'Switch to Standard' }).click();
  await expect(page.getByRole('tablist', { name: 'Analysis sections' })).toBeVisible();

  // The one-page PDF for financiers.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download analysis (PDF)' }).click();
  const file = await download;
  const path = await file.path();
  expect(path).toBeTruthy();
  const { readFile } = await import('node:fs/promises');
  const bytes = await readFile(path!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
});

mailTest(
  '[ANALYSIS] a free producer sees the commercial analysis teaser, not the figures',
  async ({ page, baseURL, login, mailCatcher }) => {
    mailTest.setTimeout(180_000);
    // A producer of this run's own: the shared demo producer's five monthly views stay theirs.
    const producer = await registerVerifiedProducer(page, mailCatcher, baseURL!);
    await login(page, producer.email, producer.password);
    const listing = await demoBook(page);
    await page.goto(`/listings/${listing.id}`);
    await expect(page.getByRole('heading', { name: listing.title, level: 1 })).toBeVisible();
    await expect(page.getByText('Financial Projections')).toBeVisible();
    await expect(page.getByRole('figure', { name: 'How the score was reached' })).toHaveCount(0);
    expect(
      (await page.request.get(`/api/commercial-analysis/${listing.id}`)).status(),
      'the API refuses a free producer too',
    ).toBe(403);
  },
);
