import { expectNoSeriousAxeViolations } from './helpers/accessibility';
import { demoAccounts, expect, test } from './helpers/journey';

/** Every field of the six-tab form, filled as an agent would. */
const everyField = (title: string) => ({
  title,
  author: 'Morwenna Price',
  contentType: 'book',
  category: 'Fiction',
  subcategory: 'Literary Fiction',
  synopsis:
    'A harbourmaster’s ledger, lost for sixty years, surfaces in a Cornish auction and rewrites the story of a wreck.',
  logline: 'A lost ledger rewrites a town’s most famous wreck.',
  targetAudience: 'Adult',
  contentRating: 'PG-13',
  publicationStatus: 'published',
  publisher: 'Harbour Press',
  publicationDate: '2024-03-14',
  isbn: '9780000000001',
  edition: 'Second edition',
  pageCount: 352,
  wordCount: 92000,
  authorBio: 'Morwenna Price grew up in Falmouth and worked on the pilot boats.',
  rightsAvailable: ['film', 'tv'],
  territory: ['UK'],
  exclusivity: 'exclusive',
  previousAdaptations: true,
  adaptationDetails: 'BBC Radio 4 reading, 2025',
  askingPrice: 90000,
  currency: 'GBP',
  minimumDeal: 40000,
  royaltyPercentage: 2.5,
  negotiable: true,
  salesFigures: '40,000 copies sold in the UK',
  awards: 'Costa Book Awards shortlist 2024',
  reviews: 'Salt-stung and tender (The Guardian)',
  socialMediaPresence: '12k followers on Instagram',
  attachedTalent: 'Director Jo Hale is in talks',
  productionCompanyInterest: 'Two UK independents asked for the manuscript',
  marketingMaterials: true,
  themes: ['memory', 'the sea'],
  keywords: ['Cornwall'],
  comparableTitles: 'Broadchurch; The Essex Serpent',
  uniqueSellingPoints: 'A true wreck and a real ledger',
  agentNotes: 'Author prefers a limited series',
  targetDemographic: {
    ageRange: '35-60',
    gender: 'All',
    income: 'Middle',
    interests: ['coastal drama'],
  },
});

test('[CATALOGUE] the listing page shows every field the agent filled, and nothing untrue', async ({
  page,
  baseURL,
  login,
  takeScreenshot,
}) => {
  test.setTimeout(120_000);
  const title = `Tidewater Ledger ${Date.now().toString(36)}`;
  await login(page, demoAccounts.agent);
  const created = await page.request.post('/api/listings', {
    headers: { origin: new URL(baseURL!).origin },
    data: everyField(title),
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };

  await page.goto(`/listings/${id}`);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  const facts = page.getByRole('complementary', { name: 'Listing facts and offers' });
  await expect(facts.getByText('352')).toBeVisible();

  const section = (name: string) => page.getByRole('region', { name });
  await expect(section('Logline')).toContainText('A lost ledger rewrites');
  await expect(section('About the Author')).toContainText('worked on the pilot boats');
  for (const text of ['Harbour Press', 'Second edition', '9780000000001', '92,000', 'PG-13']) {
    await expect(section('Publication')).toContainText(text);
  }
  for (const text of ['40,000 copies sold', 'Costa Book Awards', 'Salt-stung', '12k followers']) {
    await expect(section('Market and Reception')).toContainText(text);
  }
  for (const text of [
    'A true wreck and a real ledger',
    'Broadchurch; The Essex Serpent',
    'Director Jo Hale',
    'Two UK independents',
    'BBC Radio 4 reading',
  ]) {
    await expect(section('Adaptation Potential')).toContainText(text);
  }
  for (const text of ['memory', 'the sea', 'Cornwall', '35-60', 'Middle', 'coastal drama']) {
    await expect(section('Audience and Themes')).toContainText(text);
  }
  const terms = section('Financial Terms');
  for (const text of ['£40,000', '£90,000', '2.5%', 'Yes, open to offers']) {
    await expect(terms).toContainText(text);
  }
  await expect(section('Your Private Notes')).toContainText('Author prefers a limited series');
  await expect(page.getByText('Contact via the product')).toHaveCount(0);
  await expect(
    facts.locator('dt', { hasText: /^Published$/ }).locator('xpath=following-sibling::dd[1]'),
  ).toHaveText('14 March 2024');
  await takeScreenshot('01-listing-with-every-field');
  await expectNoSeriousAxeViolations(page, 'a listing with every field filled');

  // A producer sees the same sections, not the agent's notes, and how to reach the agent.
  await login(page, demoAccounts.premium);
  await page.goto(`/listings/${id}`);
  await expect(section('Adaptation Potential')).toContainText('Director Jo Hale');
  await expect(section('Your Private Notes')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Ask the agent a question' })).toHaveAttribute(
    'href',
    '#ask-agent-title',
  );

  await login(page, demoAccounts.agent);
  const removed = await page.request.delete(`/api/listings/${id}`, {
    headers: { origin: new URL(baseURL!).origin },
  });
  expect(removed.ok()).toBe(true);
});
