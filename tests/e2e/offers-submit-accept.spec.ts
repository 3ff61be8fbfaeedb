import type { APIRequestContext } from '@playwright/test';
import { test, expect, demoAccounts, DEMO_PASSWORD } from './fixtures';
import {
  deckFile,
  expectOk,
  placeOfferThroughApi,
  type AgentListing,
  type OfferAnswer,
} from './helpers/offers';

async function mySubmissions(api: APIRequestContext): Promise<OfferAnswer[]> {
  const answer = (await expectOk(
    await api.get('/api/offers/my-submissions'),
    'my submissions',
  )) as {
    offers: OfferAnswer[];
  };
  return answer.offers;
}

test('[OFFERS] a producer submits an offer with a card hold, the agent accepts and it is captured', async ({
  page,
  login,
  playwright,
  baseURL,
  allowConsoleError,
  takeScreenshot,
}) => {
  test.setTimeout(180_000);
  if (!baseURL) throw new Error('the journey needs use.baseURL');
  const origin = new URL(baseURL).origin;
  // The declined card answers 402, which Chromium logs as a failed resource load.
  allowConsoleError(/status of 402/);

  // Two API clients of their own: the listing's agent and a second (premium) producer.
  const signedInApi = async (email: string) => {
    const api = await playwright.request.newContext({ baseURL });
    const user = (await expectOk(
      await api.post('/api/auth/login', {
        data: { email, password: DEMO_PASSWORD },
        headers: { origin },
      }),
      `sign in as ${email}`,
    )) as { id: number };
    return { api, user };
  };
  const agent = await signedInApi(demoAccounts.agent);
  const rival = await signedInApi(demoAccounts.premium);

  const agentListings = (await expectOk(
    await agent.api.get(`/api/listings/agent/${agent.user.id}`),
    "the agent's listings",
  )) as AgentListing[];
  // Listings nobody else's journey uses: available, not featured, without offers.
  const untouched = agentListings.filter(
    (listing) =>
      listing.status === 'available' && !listing.isFeatured && listing.offerCounts.total === 0,
  );
  expect(untouched.length, 'the demo agent has spare available listings').toBeGreaterThan(1);
  const [listing, otherListing] = untouched.slice(-2);

  // The offer form: the deck is required before the button leads on.
  await login(page, demoAccounts.producer);
  await page.goto(`/submit-offer/${listing.id}`);
  await expect(page.getByRole('heading', { name: 'Submit Offer' })).toBeVisible();
  await expect(page.getByText(listing.title)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Listing' })).toHaveAttribute(
    'href',
    `/listing/${listing.id}`,
  );
  await expect(page.getByRole('button', { name: 'Upload Deck to Continue' })).toBeDisabled();
  await page.getByLabel('Offer amount (£)').fill('25000');
  await page.getByLabel('Option period').selectOption('18');
  await page.getByLabel('Additional rights requested').fill('Sequel and podcast rights');
  await expect(page.getByLabel('Fund notes')).toBeHidden();
  await page.getByRole('checkbox', { name: /Fund competition/ }).check();
  await page.getByLabel('Fund notes').fill('BFI development fund, closing in May');
  await page.getByLabel('Proposal deck').setInputFiles(deckFile);
  await expect(page.getByText('proposal-deck.pdf uploaded')).toBeVisible();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();

  // The payment step: a hold, not a charge.
  await expect(page.getByText('Complete payment to finalize your offer')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Authorise Payment' })).toBeVisible();
  await expect(page.getByText(/only authorised/)).toBeVisible();
  const authorise = page.getByRole('button', { name: 'Authorise £25,000' });

  // A declined card: the provider's message, and the form can be sent again.
  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  await page.getByLabel('Expiry date (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await authorise.click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Your card was declined.' }),
  ).toBeVisible();
  await expect(page.getByLabel('Card number')).toBeEnabled();
  await expect(authorise).toBeEnabled();
  await takeScreenshot('offer-card-declined');

  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await authorise.click();
  await expect(page.getByText('Your offer has been submitted successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/my-submissions$/);

  const offerCard = page.getByRole('article', { name: listing.title });
  await expect(offerCard.getByText('Pending', { exact: true })).toBeVisible();
  await expect(offerCard.getByText('£25,000')).toBeVisible();
  await expect(offerCard.getByText('18 months')).toBeVisible();
  await expect(offerCard.getByText('Funding Competition')).toBeVisible();
  await expect(offerCard.getByText(/Agent must respond within \d+ days?/)).toBeVisible();
  await expect(offerCard.getByRole('link', { name: 'Download Deck' })).toHaveAttribute(
    'target',
    '_blank',
  );
  await takeScreenshot('my-submissions-pending');

  // The dashboard lists it among the recent submissions, beside the membership card.
  await page.goto('/producer-dashboard');
  await expect(page.getByRole('tab', { name: 'Dashboard' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const recent = page.getByRole('list', { name: 'Recent submissions' });
  await expect(recent.getByText(listing.title)).toBeVisible();
  await expect(page.getByText(/listing views used this month|unlimited views/)).toBeVisible();
  await expect(page.getByText('Success Rate')).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await takeScreenshot('producer-dashboard-390px');
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.getByRole('tab', { name: 'Favourites' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Favourites' })).toBeVisible();

  // Cancelling a pending offer releases its hold.
  const toCancel = await placeOfferThroughApi(page.request, origin, otherListing.id, '5000');
  await page.goto('/my-submissions');
  const cancelCard = page.getByRole('article', { name: otherListing.title });
  await cancelCard.getByRole('button', { name: 'Cancel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel Submission' });
  await expect(dialog.getByText(/cannot be undone/)).toBeVisible();
  const reason = 'Financing fell through';
  await dialog.getByLabel('Reason for cancellation').fill(reason);
  await expect(dialog.getByText(`${reason.length}/500 characters`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel Offer' }).click();
  await expect(dialog).toBeHidden();
  await expect(cancelCard.getByText('Cancelled', { exact: true })).toBeVisible();
  const cancelled = (await mySubmissions(page.request)).find((offer) => offer.id === toCancel.id);
  expect(cancelled?.status).toBe('cancelled');

  // A second producer's open offer on the same listing, then the agent accepts ours.
  const rivalOffer = await placeOfferThroughApi(rival.api, origin, listing.id, '20000');
  const ours = (await mySubmissions(page.request)).find((offer) => offer.listingId === listing.id);
  expect(ours?.status).toBe('pending');
  const accepted = (await expectOk(
    await agent.api.patch(`/api/offers/${ours?.id}/accept`, { headers: { origin } }),
    'accept',
  )) as OfferAnswer;
  expect(accepted.status).toBe('accepted');

  const rivalAfter = (await mySubmissions(rival.api)).find((offer) => offer.id === rivalOffer.id);
  expect(rivalAfter?.status).toBe('rejected');

  await page.goto('/my-submissions');
  await expect(
    page.getByRole('article', { name: listing.title }).getByText('Accepted', { exact: true }),
  ).toBeVisible();
  await page.goto(`/listing/${listing.id}`);
  await expect(page.getByRole('heading', { name: listing.title })).toBeVisible();
  await expect(page.getByText('Optioned', { exact: true })).toBeVisible();
  await takeScreenshot('listing-optioned');

  await agent.api.dispose();
  await rival.api.dispose();
});
