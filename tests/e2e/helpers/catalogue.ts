import type { Page } from '@playwright/test';
import { expect } from './journey';
import { PRICE_RANGES, type PriceRange } from '../../../src/domains/listings/listings.constants';

/** What the journeys read of a listing from the API. */
export interface ApiListing {
  id: number;
  title: string;
  medium: string;
  genre: string | null;
  suggestedOfferMax: string | null;
  status: string;
  createdAt: string;
}

/**
 * Listings other journeys create (the agent's) are minutes old and may be renamed, optioned or
 * deleted while this journey runs; the demo catalogue's are older than that.
 */
const FRESH_LISTING_MS = 30 * 60 * 1000;
const isFromTheDemoCatalogue = (item: ApiListing) =>
  Date.parse(item.createdAt) < Date.now() - FRESH_LISTING_MS;

interface ApiListingsPage {
  items: ApiListing[];
  total: number;
}

/** The catalogue's results region (cards, count, Load More). */
export function catalogueResults(page: Page) {
  return page.getByRole('region', { name: 'Results' });
}

/** The catalogue's result line, once the results are in (the spinner is a status too). */
export function catalogueResultCount(page: Page) {
  return catalogueResults(page)
    .getByRole('status')
    .filter({ hasText: / found$/ });
}

/** GET /api/listings as the page's signed-in user: what the catalogue should show. */
export async function fetchListings(
  page: Page,
  params: Record<string, string> = {},
): Promise<ApiListingsPage> {
  const response = await page.request.get('/api/listings', { params });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as ApiListingsPage;
}

/** The catalogue's result line, e.g. '1,200 listings found'. */
export function resultCountText(total: number): string {
  return `${total.toLocaleString('en-GB')} ${total === 1 ? 'listing' : 'listings'} found`;
}

/**
 * The first `count` listings of the catalogue's first page whose titles no other card on that
 * page shares, so each card can be found by its accessible name (demo-catalogue listings only;
 * `available`: only ones open to offers).
 */
export async function listingsWithUniqueTitles(
  page: Page,
  count: number,
  options: { available?: boolean } = {},
): Promise<ApiListing[]> {
  const { items } = await fetchListings(page, { limit: '24' });
  const unique = items.filter(
    (item) =>
      items.filter((other) => other.title === item.title).length === 1 &&
      isFromTheDemoCatalogue(item) &&
      (!options.available || item.status === 'available'),
  );
  if (unique.length < count) {
    throw new Error(`Only ${unique.length} cards on the first page have a title of their own`);
  }
  return unique.slice(0, count);
}

/** The first listing of the catalogue's first page whose card can be found by its title. */
export async function firstListingWithUniqueTitle(
  page: Page,
  options: { available?: boolean } = {},
): Promise<ApiListing> {
  const [listing] = await listingsWithUniqueTitles(page, 1, options);
  return listing;
}

/** The price band (part 1 section 5: on suggestedOfferMax, lower bound inclusive) of a price. */
export function priceBandOf(suggestedOfferMax: string): { value: PriceRange; label: string } {
  const pounds = Number(suggestedOfferMax);
  const entry = Object.entries(PRICE_RANGES).find(
    ([, band]) =>
      (band.min === null || pounds >= band.min) && (band.max === null || pounds < band.max),
  );
  if (!entry) throw new Error(`No price band holds £${suggestedOfferMax}`);
  return { value: entry[0] as PriceRange, label: entry[1].label };
}
