import { test, expect, demoAccounts } from './helpers/journey';
import { catalogueResults, firstListingWithUniqueTitle } from './helpers/catalogue';

test('[CATALOGUE] a producer favourites a listing and the heart stays pressed after a reload', async ({
  page,
  login,
  takeScreenshot,
}) => {
  test.setTimeout(120_000);
  await login(page, demoAccounts.producer);
  const listing = await firstListingWithUniqueTitle(page);
  const card = catalogueResults(page).getByRole('article', { name: listing.title, exact: true });

  // Searched by its title: other journeys keep adding newer listings, which would push the
  // card off the first page of the unfiltered catalogue while this one runs.
  await page.goto(`/listings?search=${encodeURIComponent(listing.title)}`);
  const heart = card.getByRole('button', { name: 'Add to favourites' });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  const pressedHeart = card.getByRole('button', { name: 'Remove from favourites' });
  await expect(pressedHeart).toHaveAttribute('aria-pressed', 'true');
  await takeScreenshot('01-favourited');

  // The server kept it: a fresh page load shows the heart pressed.
  await page.reload();
  await expect(pressedHeart).toHaveAttribute('aria-pressed', 'true');
  await takeScreenshot('02-still-favourited-after-reload');

  // Pressing it again removes the favourite, and that lasts too (the demo account is shared).
  await pressedHeart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await page.reload();
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
});
