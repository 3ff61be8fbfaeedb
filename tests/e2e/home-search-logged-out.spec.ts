import { test, expect } from './fixtures';

test('[PLATFORM] logged-out hero search asks the visitor to sign in and goes to /auth', async ({
  page,
  takeScreenshot,
}) => {
  await page.goto('/');

  const search = page.getByRole('button', { name: 'Join to Search' });
  await expect(search).toBeVisible();
  await search.click();

  await expect(page.getByText('Authentication Required', { exact: true })).toBeVisible();
  await expect(
    page.getByText('Please log in or join the product to search our exclusive IP collection.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/auth(\?.*)?$/);

  await takeScreenshot('hero-search-logged-out');
});
