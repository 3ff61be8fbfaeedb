import { test, expect } from './fixtures';

const statLabels = ['Total Acquisition Value', 'ROI Potential', 'IP Assets', 'Literary Agents'];

test('[PLATFORM] home shows the four stats and six featured titles', async ({
  page,
  takeScreenshot,
}) => {
  await page.goto('/');

  for (const label of statLabels) {
    const stat = page.getByText(label, { exact: true }).first();
    await expect(stat).toBeVisible();
    // The figure sits beside its label: the demo catalogue makes every one of them non-zero.
    await expect(stat.locator('xpath=..')).toContainText(/[1-9]/);
  }

  await expect(page.getByRole('heading', { name: 'Featured Titles' })).toBeVisible();
  // Logged out, each featured card offers 'Login to View Details' (to /auth).
  const cardActions = page.getByRole('link', { name: 'Login to View Details' });
  await expect(cardActions).toHaveCount(6);
  await expect(cardActions.first()).toHaveAttribute('href', '/auth');

  await takeScreenshot('home');
});
