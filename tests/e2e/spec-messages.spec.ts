import { demoAccounts, expect, test } from './helpers/journey';

test('[PLATFORM] a protected page sends a signed-out visitor to sign in after a toast', async ({
  page,
}) => {
  await page.goto('/inbox');
  await expect(page.getByText('Login Required', { exact: true })).toBeVisible();
  await expect(page.getByText('Please log in to view this page.')).toBeVisible();
  await expect(page).toHaveURL(/\/auth(\?.*)?$/);
});

test('[CATALOGUE] a listing that fails to load says the server’s message, else the spec’s', async ({
  page,
  login,
  allowConsoleError,
}) => {
  allowConsoleError(/status of 50\d/);
  await login(page, demoAccounts.premium);
  // A failure with no message of ours (a proxy's empty 502): the spec's fallback.
  await page.route(/\/api\/listings\/\d+$/, (route) => route.fulfill({ status: 502, body: '' }));
  await page.goto('/listings/1');
  await expect(page.getByRole('heading', { name: 'Error Loading Listing' })).toBeVisible();
  await expect(page.getByText('Failed to fetch listing', { exact: true })).toBeVisible();
});
