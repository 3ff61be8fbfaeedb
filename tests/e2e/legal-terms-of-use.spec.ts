import { test, expect } from './fixtures';

test('[LEGAL] terms of use are dated January 2025 and open from the /terms alias too', async ({
  page,
  takeScreenshot,
}) => {
  await page.goto('/terms-of-use');
  await expect(page.getByRole('heading', { name: 'Terms of Use', level: 1 })).toBeVisible();
  await expect(page.getByText(/January 2025/).first()).toBeVisible();
  await takeScreenshot('terms-of-use');

  await page.goto('/terms');
  await expect(page.getByRole('heading', { name: 'Terms of Use', level: 1 })).toBeVisible();
});
