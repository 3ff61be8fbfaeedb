import { test, expect, demoAccounts } from './helpers/journey';
import {
  catalogueResultCount,
  catalogueResults,
  fetchListings,
  resultCountText,
} from './helpers/catalogue';
import { expectNoSeriousAxeViolations } from './helpers/accessibility';

// On a phone: the filters fold away behind one button, and the control must fit there.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('[CATALOGUE] a producer on a phone narrows the catalogue to titles available for TV in a territory (issue 29)', async ({
  page,
  login,
  takeScreenshot,
}) => {
  test.setTimeout(120_000);
  await login(page, demoAccounts.producer);
  const everything = await fetchListings(page, { limit: '1' });
  const resultCount = catalogueResultCount(page);

  await page.goto('/listings');
  await expect(resultCount).toHaveText(resultCountText(everything.total));
  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByText('Rights scope').click();
  const availableFor = page.getByRole('group', { name: 'Available for' });
  await expect(availableFor).toBeVisible();

  // The territory menu offers the catalogue's territories; pick the first.
  const territorySelect = availableFor.getByLabel('In territory', { exact: true });
  const territory = (await territorySelect.locator('option').nth(1).textContent())!.trim();
  await availableFor.getByLabel('Medium', { exact: true }).selectOption({ label: 'TV' });
  await territorySelect.selectOption(territory);
  await expect(page).toHaveURL(
    new RegExp(`availableMedia=tv&availableTerritory=${encodeURIComponent(territory)}`),
  );
  const narrowed = await fetchListings(page, {
    availableMedia: 'tv',
    availableTerritory: territory,
    limit: '1',
  });
  expect(narrowed.total).toBeLessThan(everything.total);
  await expect(resultCount).toHaveText(resultCountText(narrowed.total));
  await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible();
  await takeScreenshot('01-available-for-tv');
  await expectNoSeriousAxeViolations(page, 'the catalogue with "Available for" open on a phone');

  // A shared link carries the filter: the panel opens on it.
  await page.reload();
  await page.getByRole('button', { name: 'Filters (1)' }).click();
  await expect(
    page.getByRole('group', { name: 'Available for' }).getByLabel('Medium', { exact: true }),
  ).toHaveValue('tv');
  await expect(resultCount).toHaveText(resultCountText(narrowed.total));

  // Clear Filters takes it away with the others.
  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(page).toHaveURL(/\/listings$/);
  await expect(resultCount).toHaveText(resultCountText(everything.total));
  await expect(catalogueResults(page).getByRole('article')).toHaveCount(24);
});
