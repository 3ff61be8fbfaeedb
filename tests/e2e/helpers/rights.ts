import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect } from './journey';
import { deckFile, expectOk } from './offers';

/** One square of the grid as GET /api/listings/{id}/avails answers it (issue 29). */
export interface AvailsCellAnswer {
  media: string;
  territory: string;
  state: 'available' | 'under_offer' | 'optioned' | 'sold';
  until: string | null;
  holder: { offerId: number | null; producerName: string | null } | null;
}

/** The listing page's grid of media × territories, by its caption. */
export function rightsGridOf(page: Page, title: string): Locator {
  return page.getByRole('table', { name: `Rights availability of ${title}: media by territory` });
}

/** The cell of a grid for a medium (its row's header, 'Film') in the n-th territory column. */
export function gridCell(grid: Locator, medium: string, territoryIndex: number): Locator {
  return grid
    .getByRole('row')
    .filter({ has: grid.page().getByRole('rowheader', { name: medium, exact: true }) })
    .getByRole('cell')
    .nth(territoryIndex);
}

/** The avails of a listing, read through the API as the request context's user. */
export async function availsOf(api: APIRequestContext, listingId: number) {
  return (await expectOk(await api.get(`/api/listings/${listingId}/avails`), 'avails')) as {
    cells: AvailsCellAnswer[];
  };
}

/** The offer form's picker of the part an offer covers. */
export function partPicker(page: Page): Locator {
  return page.getByRole('group', { name: 'Rights this offer covers' });
}

/**
 * The offer form filled and sent (the part already chosen in the picker), then the card hold
 * authorised with the card that succeeds; ends on My Submissions.
 */
export async function sendOfferWithCard(
  page: Page,
  offer: { offerPrice: string; optionPeriod: string; pounds: string },
) {
  await page.getByLabel('Offer amount (£)').fill(offer.offerPrice);
  await page.getByLabel('Option period').selectOption(offer.optionPeriod);
  await page.getByLabel('Proposal deck').setInputFiles(deckFile);
  await expect(page.getByText('proposal-deck.pdf uploaded')).toBeVisible();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByRole('heading', { name: 'Authorise Payment' })).toBeVisible();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: `Authorise ${offer.pounds}` }).click();
  await expect(page.getByText('Your offer has been submitted successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/my-submissions$/);
}

/** The agent accepts the pending offer on their Submissions tab whose card holds `text`. */
export async function acceptOnSubmissions(agentPage: Page, title: string, text: string) {
  await agentPage.goto('/agent-dashboard?tab=submissions');
  const card = agentPage.getByRole('article', { name: `Offer on ${title}` }).filter({
    hasText: text,
  });
  await card.getByRole('button', { name: 'Accept', exact: true }).click();
  const confirm = agentPage.getByRole('dialog', { name: 'Accept this offer?' });
  await expect(confirm).toBeVisible();
  return {
    confirm,
    accept: async () => {
      await confirm.getByRole('button', { name: 'Accept and charge' }).click();
      await expect(agentPage.getByText('Offer Accepted', { exact: true })).toBeVisible();
      await expect(card.getByText('Accepted', { exact: true })).toBeVisible();
    },
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Moves the journey server's clock (TEST_CLOCK=true) just past `until` and runs the reversion
 * at once, as an admin: `POST /api/test/clock`.
 */
export async function advanceClockPast(
  admin: APIRequestContext,
  origin: string,
  until: string,
): Promise<{ now: string; lapsedGrants: number }> {
  const advanceDays = Math.ceil((Date.parse(until) - Date.now()) / DAY_MS) + 1;
  const moved = (await expectOk(
    await admin.post('/api/test/clock', { data: { advanceDays }, headers: { origin } }),
    'advance the test clock',
  )) as { now: string; lapsedGrants: number | number[] };
  // The grants that lapsed: their ids, or how many (counted here either way).
  const { lapsedGrants } = moved;
  return {
    now: moved.now,
    lapsedGrants: Array.isArray(lapsedGrants) ? lapsedGrants.length : lapsedGrants,
  };
}
