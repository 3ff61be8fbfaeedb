import { test, expect, demoAccounts } from './helpers/journey';
import {
  catalogueResultCount,
  catalogueResults,
  fetchListings,
  priceBandOf,
  resultCountText,
  type ApiListing,
} from './helpers/catalogue';
import { MEDIUM_LABELS, type Medium } from '../../src/domains/listings/listings.constants';

/** The longest word of a title: specific enough to find it, common enough to find others. */
function searchWordFrom(title: string): string {
  const words = title.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length >= 4);
  return words.sort((a, b) => b.length - a.length)[0] ?? title;
}

test('[CATALOGUE] a free producer loads more, searches, filters and clears the catalogue', async ({
  page,
  login,
  takeScreenshot,
}) => {
  test.setTimeout(120_000);
  await login(page, demoAccounts.producer);
  const featured = await page.request.get('/api/listings/featured');
  const listing = ((await featured.json()) as ApiListing[]).find(
    (item) => item.genre !== null && item.suggestedOfferMax !== null,
  );
  expect(listing, 'the demo catalogue has a featured listing with a genre and price').toBeTruthy();
  const known = listing!;
  const everything = await fetchListings(page, { limit: '1' });
  const results = catalogueResults(page);
  const cards = results.getByRole('article');
  const resultCount = catalogueResultCount(page);

  // The first 24, then Load More adds 12.
  await page.goto('/listings');
  await expect(page.getByRole('heading', { name: 'Browse IP Catalogue', level: 1 })).toBeVisible();
  await expect(resultCount).toHaveText(resultCountText(everything.total));
  await expect(cards).toHaveCount(24);
  await results.getByRole('button', { name: 'Load More' }).click();
  await expect(cards).toHaveCount(36);
  await expect(
    results.getByText(`Showing 36 of ${everything.total.toLocaleString('en-GB')}`),
  ).toBeVisible();
  await takeScreenshot('01-load-more');

  // Search for a word of a known title: the count is the server's, and the list starts again.
  const word = searchWordFrom(known.title);
  const searched = await fetchListings(page, { search: word, limit: '1' });
  await page.getByRole('searchbox', { name: 'Search listings' }).fill(word);
  await expect(page).toHaveURL(new RegExp(`[?&]search=${encodeURIComponent(word)}(&|$)`));
  await expect(resultCount).toHaveText(resultCountText(searched.total));
  await expect(cards).toHaveCount(Math.min(searched.total, 24));
  await expect(results.getByRole('article', { name: known.title, exact: true })).toBeVisible();
  await takeScreenshot('02-search');

  // Filter by the listing's medium, genre and price band: it is still found, others drop out.
  const mediumLabel = MEDIUM_LABELS[known.medium as Medium];
  const band = priceBandOf(known.suggestedOfferMax!);
  await page.getByLabel('IP Medium').selectOption(known.medium);
  await page.getByLabel('Genre').selectOption(known.genre!);
  await page.getByLabel('Price Range').selectOption({ label: band.label });
  await expect(page).toHaveURL(
    new RegExp(
      `search=${encodeURIComponent(word)}&medium=${known.medium}&genre=${encodeURIComponent(known.genre!)}&priceRange=${band.value}`,
    ),
  );
  const filtered = await fetchListings(page, {
    search: word,
    medium: known.medium,
    genre: known.genre!,
    priceRange: band.value,
    limit: '1',
  });
  await expect(resultCount).toHaveText(resultCountText(filtered.total));
  await expect(cards).toHaveCount(Math.min(filtered.total, 24));
  await expect(results.getByRole('article', { name: known.title, exact: true })).toBeVisible();
  // Every card shown carries the chosen medium's badge.
  await expect(cards.filter({ hasNot: page.getByText(mediumLabel, { exact: true }) })).toHaveCount(
    0,
  );
  await takeScreenshot('03-filtered');

  // Clear Filters empties the search box and shows the whole catalogue again.
  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(page).toHaveURL(/\/listings$/);
  await expect(page.getByRole('searchbox', { name: 'Search listings' })).toHaveValue('');
  await expect(page.getByLabel('IP Medium')).toHaveValue('');
  await expect(resultCount).toHaveText(resultCountText(everything.total));
  await expect(cards).toHaveCount(24);
  await takeScreenshot('04-cleared');
});
