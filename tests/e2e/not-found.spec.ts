import { test, expect } from './fixtures';

const unknownPath = '/this-page-does-not-exist';

test('[PLATFORM] an unknown route shows 404 and Return Home goes to /', async ({
  page,
  request,
  takeScreenshot,
  allowConsoleError,
}) => {
  // The page is served with status 404 so crawlers do not index it; Chromium logs that status.
  allowConsoleError(/status of 404 .*\/this-page-does-not-exist\)$/);
  await page.goto(unknownPath);
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await takeScreenshot('not-found');

  await page.getByRole('link', { name: 'Return Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toHaveCount(0);

  // Unknown routes carry the home page's metadata (spec: route guard section).
  const titleOf = async (url: string) =>
    /<title>([^<]*)<\/title>/.exec(await (await request.get(url)).text())?.[1];
  expect(await titleOf(unknownPath)).toBe(await titleOf('/'));
});
