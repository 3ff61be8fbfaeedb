import { test, expect, demoAccounts } from './helpers/journey';

// Issue 10: /upgrade?success=true welcomed a free user to Premium. The welcome now waits for
// the tier to be premium.

test('[MEMBERSHIP] a free producer opening /upgrade?success=true is not welcomed to Premium', async ({
  page,
  login,
  takeScreenshot,
}) => {
  test.setTimeout(120_000);
  await login(page, demoAccounts.producer);
  await page.goto('/upgrade?success=true');

  await expect(page.getByRole('heading', { name: 'Upgrade to Premium', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upgrade to Premium' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome to Premium!' })).toHaveCount(0);
  await takeScreenshot('upgrade-success-free-user');
});

test('[MEMBERSHIP] a premium member opening /upgrade?success=true is welcomed', async ({
  page,
  login,
  takeScreenshot,
}) => {
  test.setTimeout(120_000);
  await login(page, demoAccounts.premium);
  await page.goto('/upgrade?success=true');

  await expect(page.getByRole('heading', { name: 'Welcome to Premium!' })).toBeVisible();
  // The parameter is cleared from the address; the welcome stays.
  await expect(page).toHaveURL(/\/upgrade$/);
  await takeScreenshot('upgrade-success-premium');
});
