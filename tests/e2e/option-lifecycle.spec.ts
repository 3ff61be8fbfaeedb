import type { Page } from '@playwright/test';
import { test, expect, demoAccounts } from './helpers/journey';
import { expectNoSeriousAxeViolations } from './helpers/accessibility';
import { expectOk, placeOfferThroughApi } from './helpers/offers';

/** A listing the demo agent creates through the API for this journey alone. */
const listingForm = (title: string) => ({
  title,
  author: 'Marisol Tregarthen',
  contentType: 'book',
  category: 'Fiction',
  synopsis: 'A tide-mill keeper finds the ledger that proves the village was sold twice.',
  targetAudience: 'Adult',
  publicationStatus: 'published',
  rightsAvailable: ['film', 'tv'],
  territory: ['UK'],
  exclusivity: 'exclusive',
  askingPrice: 60000,
  minimumDeal: 30000,
  currency: 'GBP',
  royaltyPercentage: 2.5,
  themes: ['inheritance'],
  keywords: ['tide mill'],
});

async function fillCard(page: Page) {
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
}

test('[OPTIONS] the signed deal shows as a live option with days left; the producer extends it with card 4242 4242 4242 4242 and the extension notice verifies at /verify-agreement', async ({
  page,
  login,
  browser,
  baseURL,
  takeScreenshot,
}) => {
  test.setTimeout(180_000);
  if (!baseURL) throw new Error('the journey needs use.baseURL');
  const origin = new URL(baseURL).origin;
  const title = `The Tide Mill Ledger ${Date.now().toString(36)}`;

  // The deal before the option, through the API: a listing, an offer, the agent's counter
  // naming a 12-month extension for £5,000, the producer's yes, both signatures.
  const agentContext = await browser.newContext({ baseURL, locale: 'en-GB' });
  const agentPage = await agentContext.newPage();
  await login(agentPage, demoAccounts.agent);
  const listing = (await expectOk(
    await agentPage.request.post('/api/listings', {
      data: listingForm(title),
      headers: { origin },
    }),
    'the agent lists a title',
  )) as { id: number };
  await login(page, demoAccounts.premium);
  const offer = await placeOfferThroughApi(page.request, origin, listing.id, '40000');
  await expectOk(
    await agentPage.request.post(`/api/offers/${offer.id}/counter`, {
      data: {
        offerPrice: '40000',
        optionPeriod: 12,
        purchasePrice: '250000',
        extensionMonths: 12,
        extensionFee: '5000',
      },
      headers: { origin },
    }),
    'the agent counters with extension terms',
  );
  const accepted = (await expectOk(
    await page.request.post(`/api/offers/${offer.id}/accept-counter`, { headers: { origin } }),
    'the producer accepts the counter',
  )) as { offer: { status: string } };
  expect(accepted.offer.status).toBe('accepted');
  for (const [who, name] of [
    [page, 'Demo Premium'],
    [agentPage, 'Demo Agent'],
  ] as const) {
    await expectOk(
      await who.request.post(`/api/offers/${offer.id}/agreement/sign`, {
        data: { fullName: name, consent: true },
        headers: { origin },
      }),
      `${name} signs`,
    );
  }

  // 1. The producer's dashboard lists the live option with its days left.
  await page.goto('/producer-dashboard');
  const option = page.getByTestId('live-option').filter({ hasText: title });
  await expect(option.getByText('Under option', { exact: true })).toBeVisible();
  await expect(option.getByText(/^(36[4-6]) days left$/)).toBeVisible();
  await takeScreenshot('01-live-option');
  // The agent sees it on theirs too.
  await agentPage.goto('/agent-dashboard');
  await expect(
    agentPage
      .getByTestId('live-option')
      .filter({ hasText: title })
      .getByText(/days left$/),
  ).toBeVisible();

  // 2. The producer extends it: £5,000 by card, 4242 4242 4242 4242.
  await option.getByRole('button', { name: 'Extend option' }).click();
  const dialog = page.getByRole('dialog', { name: 'Extend the option' });
  await expect(dialog).toContainText('12 more months for £5,000.00');
  await dialog.getByRole('button', { name: 'Pay £5,000.00' }).click();
  await fillCard(page);
  await dialog.getByRole('button', { name: 'Pay £5,000.00' }).click();
  await expect(page.getByText('Option extended: the extension notice is issued')).toBeVisible();
  await expect(option.getByText('(extended)', { exact: false })).toBeVisible();
  await expect(option.getByText(/^(72[89]|73[01]) days left$/)).toBeVisible();
  await expect(option.getByRole('button', { name: 'Extend option' })).toHaveCount(0);
  const noticeLink = option.getByRole('link', { name: 'Option extension notice' });
  await expect(noticeLink).toBeVisible();
  await takeScreenshot('02-extended');

  // 3. The deal's timeline shows the extension with its notice.
  await option.getByRole('link', { name: 'Deal timeline' }).click();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  const events = page.getByRole('list', { name: 'Events' });
  await expect(events.getByText('Option started: 12 months')).toBeVisible();
  await expect(events.getByText(/^Extension paid; option extension notice issued$/)).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'the deal timeline');

  // 4. The notice verifies at /verify-agreement (anyone, signed out).
  const href = await noticeLink.getAttribute('href');
  const notice = await page.request.get(href ?? '');
  expect(notice.ok()).toBe(true);
  const bytes = await notice.body();
  await page.request.post('/api/auth/logout', { headers: { origin } });
  await page.goto('/verify-agreement');
  await page.getByLabel('Agreement PDF').setInputFiles({
    name: 'option-extension-notice.pdf',
    mimeType: 'application/pdf',
    buffer: bytes,
  });
  await page.getByRole('button', { name: 'Verify' }).click();
  const verdict = page.getByRole('status').filter({ hasText: 'SHA-256' });
  await expect(
    verdict.getByText('Genuine: Option extension notice, issued by PageToScreen'),
  ).toBeVisible();
  await expect(verdict).toContainText(title);
  await expect(verdict.getByText(/^Digital signature valid/)).toBeVisible();
  await takeScreenshot('03-notice-verified');
  await agentContext.close();
});
