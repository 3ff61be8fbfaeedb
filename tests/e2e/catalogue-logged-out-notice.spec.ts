import { test, expect, demoAccounts } from './helpers/journey';

// Issue 10: a visitor who never signed in was told 'Unauthorised - You are logged out…'.
// They are asked to log in instead; the 'logged out' toast is for a session that ended.

test('[CATALOGUE] a visitor who never signed in is asked to log in, not told they were logged out', async ({
  page,
  takeScreenshot,
}) => {
  test.setTimeout(120_000);
  await page.goto('/listings');

  await expect(page.getByText('Login Required', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/auth(\?.*)?$/);
  await expect(page.getByText('Unauthorised', { exact: true })).toHaveCount(0);
  await expect(page.getByText('You are logged out. Logging in again...')).toHaveCount(0);
  await takeScreenshot('catalogue-never-signed-in');
});

test('[CATALOGUE] a producer whose session ended is told they were logged out', async ({
  page,
  login,
  takeScreenshot,
}) => {
  test.setTimeout(120_000);
  await login(page, demoAccounts.producer);
  await page.goto('/listings');
  await expect(page.getByRole('heading', { name: 'Browse IP Catalogue', level: 1 })).toBeVisible();
  await expect(page.getByText(/\d+ listings? found/)).toBeVisible();

  // The session ends (the cookie is gone, as when it expires); the next visit says so.
  await page.context().clearCookies();
  await page.reload();

  await expect(page.getByText('Unauthorised', { exact: true })).toBeVisible();
  await expect(page.getByText('You are logged out. Logging in again...')).toBeVisible();
  await expect(page).toHaveURL(/\/auth(\?.*)?$/);
  await takeScreenshot('catalogue-session-ended');
});
