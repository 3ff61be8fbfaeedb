import { test, expect, demoAccounts } from './helpers/journey';
import { catalogueResults, firstListingWithUniqueTitle } from './helpers/catalogue';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('[CATALOGUE] the share menu’s Copy Link puts the listing’s address on the clipboard', async ({
  page,
  baseURL,
  login,
  takeScreenshot,
}) => {
  test.setTimeout(120_000);
  await login(page, demoAccounts.producer);
  const listing = await firstListingWithUniqueTitle(page);
  const card = catalogueResults(page).getByRole('article', { name: listing.title, exact: true });
  const listingUrl = `${new URL(baseURL!).origin}/listings/${listing.id}`;

  // Searched by its title: other journeys keep adding newer listings, which would push the
  // card off the first page of the unfiltered catalogue while this one runs.
  await page.goto(`/listings?search=${encodeURIComponent(listing.title)}`);
  await card.getByRole('button', { name: `Share ${listing.title}` }).click();
  const menu = page.getByRole('menu');
  // Email, LinkedIn and Twitter share the same address.
  const encodedUrl = new RegExp(
    `${encodeURIComponent(listingUrl).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(&|$)`,
  );
  for (const channel of ['Email', 'LinkedIn', 'Twitter']) {
    await expect(menu.getByRole('menuitem', { name: channel })).toHaveAttribute('href', encodedUrl);
  }
  await takeScreenshot('01-share-menu');
  await menu.getByRole('menuitem', { name: 'Copy Link' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Link Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(listingUrl);
  await takeScreenshot('02-link-copied');
});
