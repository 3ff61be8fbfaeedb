import type { Browser, Page } from '@playwright/test';
import { test, expect, demoAccounts } from './helpers/journey';
import { deckFile, expectOk } from './helpers/offers';

/** The words the listing page and the offer API use for a listing open only to verified producers. */
const VERIFIED_ONLY =
  'This listing accepts offers only from verified producers. Apply for verification from your Producer verification page before making an offer.';

const listingForm = (title: string) => ({
  title,
  author: 'Morwenna Tregear',
  contentType: 'book',
  category: 'Fiction',
  synopsis:
    'A coastal family drama: a lighthouse keeper’s daughter uncovers a long-buried secret that splits her village.',
  targetAudience: 'Adult',
  publicationStatus: 'published',
  rightsAvailable: ['film', 'tv'],
  territory: ['UK'],
  exclusivity: 'exclusive',
  askingPrice: 40000,
  minimumDeal: 20000,
  currency: 'GBP',
  royaltyPercentage: 2.5,
  themes: ['family'],
  keywords: ['lighthouse'],
});

async function newPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    locale: 'en-GB',
    timezoneId: 'Europe/London',
  });
  return context.newPage();
}

test('[MANDATES] a producer is verified, posts an anonymous mandate, an agent pitches a matched listing, the producer answers and offers; verified-only listings refuse others', async ({
  page,
  login,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  if (!baseURL) throw new Error('the journey needs use.baseURL');
  const origin = new URL(baseURL).origin;
  const title = `The Lamp Room ${Date.now().toString(36)}`;

  const agentPage = await newPage(browser, baseURL);
  await login(agentPage, demoAccounts.agent);
  const listing = (await expectOk(
    await agentPage.request.post('/api/listings', {
      data: listingForm(title),
      headers: { origin },
    }),
    'the agent lists a title',
  )) as { id: number };

  // 1. The premium producer applies for verification; the admin verifies them.
  await login(page, demoAccounts.premium);
  await page.goto('/producer-verification');
  await page.getByLabel('Company').fill('Harbour Light Pictures');
  await page.getByLabel('Your role').fill('Producer');
  await page.getByLabel('Website').fill('https://harbourlight.example');
  await page.getByLabel('Credits').fill('The Quiet Shore, 2022, Producer');
  await page.getByLabel('Reference').fill('Sam Reed, BFI, sam@example.test');
  await page.getByRole('button', { name: 'Apply for verification' }).click();
  await expect(
    page.getByText('Your application is waiting for review.', { exact: false }),
  ).toBeVisible();

  const adminPage = await newPage(browser, baseURL);
  await login(adminPage, demoAccounts.admin);
  await adminPage.goto('/admin/producer-applications');
  const application = adminPage.getByRole('listitem').filter({ hasText: 'Harbour Light Pictures' });
  await application.getByRole('button', { name: /^Verify / }).click();
  await expect(adminPage.getByText('Producer verified')).toBeVisible();
  await adminPage.context().close();

  // The badge follows the producer into the forum: beside their name on their discussion.
  const discussionTitle = `Seeking coastal dramas ${Date.now().toString(36)}`;
  const discussion = (await expectOk(
    await page.request.post('/api/forum/posts', {
      data: { title: discussionTitle, content: 'Send me your lighthouse stories.' },
      headers: { origin },
    }),
    'the producer starts a discussion',
  )) as { id: number };
  await page.goto(`/forum?post=${discussion.id}`);
  await expect(
    page.getByRole('article', { name: discussionTitle }).getByTestId('verified-producer-badge'),
  ).toHaveText('Verified producer');

  // 2. The producer posts an anonymous mandate.
  await page.goto('/mandates/new');
  await page.getByLabel('Genres').fill('Drama');
  await page
    .getByLabel('What you are looking for')
    .fill('A coastal family drama with a lighthouse and a long-buried secret.');
  await page.getByLabel('Post anonymously').check();
  await page.getByLabel('Describe yourself').fill('a London drama producer');
  await page.getByRole('button', { name: 'Post mandate' }).click();
  await expect(page).toHaveURL(/\/mandates\/\d+$/);
  const mandateUrl = new URL(page.url()).pathname;

  // 3. The agent sees it matched to their listing, with why, and pitches.
  await agentPage.goto('/mandate-matches');
  const section = agentPage
    .getByRole('region')
    .or(agentPage.locator('section'))
    .filter({
      has: agentPage.getByRole('heading', { name: title }),
    });
  const match = section.getByTestId('mandate-match').filter({ hasText: 'a London drama producer' });
  await expect(match.getByText('Book, as the mandate asks', { exact: false })).toBeVisible();
  await expect(match).not.toContainText('Harbour Light');
  await match.getByLabel(`Pitch ${title} to this producer`).fill('Our lighthouse drama fits.');
  await match.getByRole('button', { name: 'Send pitch' }).click();
  await expect(match.getByText('Pitched.', { exact: false })).toBeVisible();

  // The agent restricts the listing to verified producers (the listing page's switch).
  await agentPage.goto(`/listings/${listing.id}`);
  await agentPage.getByLabel('Accept offers only from verified producers').click();
  await expect(agentPage.getByLabel('Accept offers only from verified producers')).toBeChecked();

  // 4. The producer answers the pitch and makes an offer from it.
  await page.goto(mandateUrl);
  const pitches = page.getByRole('list', { name: 'Pitches' });
  await pitches.getByLabel(/^Your answer to /).fill('Please send the manuscript.');
  await pitches.getByRole('button', { name: 'Answer' }).click();
  await expect(pitches.getByText('You answered: Please send the manuscript.')).toBeVisible();
  await pitches.getByRole('link', { name: `Make an offer on ${title}` }).click();
  await expect(page).toHaveURL(new RegExp(`/submit-offer/${listing.id}$`));
  // The offer form, as any producer makes one: deck, price, option period, then the card hold.
  await expect(page.getByRole('heading', { name: 'Submit Offer' })).toBeVisible();
  await expect(page.getByTestId('verified-only-notice')).toHaveCount(0);
  await page.getByLabel('Offer amount (£)').fill('30000');
  await page.getByLabel('Option period').selectOption('12');
  await page.getByLabel('Proposal deck').setInputFiles(deckFile);
  await expect(page.getByText('proposal-deck.pdf uploaded')).toBeVisible();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByRole('heading', { name: 'Authorise Payment' })).toBeVisible();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Authorise £30,000' }).click();
  await expect(page.getByText('Your offer has been submitted successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/my-submissions$/);
  const placed = page.getByRole('article', { name: title });
  await expect(placed.getByText('Pending', { exact: true })).toBeVisible();
  await expect(placed.getByText('£30,000')).toBeVisible();
  await expect(placed.getByText('12 months')).toBeVisible();

  // 5. An unverified producer is told why before starting, and the API refuses in our words.
  const freePage = await newPage(browser, baseURL);
  await login(freePage, demoAccounts.producer);
  await freePage.goto(`/listings/${listing.id}`);
  await expect(freePage.getByTestId('verified-only-notice')).toContainText(VERIFIED_ONLY);
  // The offer form says the same, and offers no way to start an offer.
  await freePage.goto(`/submit-offer/${listing.id}`);
  await expect(freePage.getByTestId('verified-only-notice')).toContainText(VERIFIED_ONLY);
  await expect(freePage.getByLabel('Offer amount (£)')).toHaveCount(0);
  await expect(freePage.getByLabel('Proposal deck')).toHaveCount(0);
  await expect(
    freePage.getByRole('button', { name: /Continue to Payment|Upload Deck/ }),
  ).toHaveCount(0);
  const upload = (await expectOk(
    await freePage.request.post('/api/uploads/deck', {
      multipart: { file: deckFile },
      headers: { origin },
    }),
    'deck upload',
  )) as { deckFileUrl: string };
  const refused = await freePage.request.post('/api/offers', {
    data: {
      listingId: listing.id,
      offerPrice: '25000',
      optionPeriod: 12,
      deckFileUrl: upload.deckFileUrl,
    },
    headers: { origin, 'Idempotency-Key': `refused-${Date.now()}` },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toBe(VERIFIED_ONLY);
  await freePage.context().close();

  // 6. The agent sees the verified badge on the producer's offer (the journey's final state).
  await page.goto(mandateUrl);
  await agentPage.context().close();
  await login(page, demoAccounts.agent);
  await page.goto('/agent-dashboard?tab=submissions');
  const offerCard = page.getByRole('article').filter({ hasText: title });
  await expect(offerCard.getByTestId('verified-producer-badge')).toBeVisible();
});
