import { test, expect } from './fixtures';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('[PLATFORM] the mobile menu opens, closes and navigates at 390 px wide', async ({
  page,
  takeScreenshot,
}) => {
  await page.goto('/');
  // Nothing may spill sideways at phone width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const menuButton = page.getByRole('button', { name: /menu/i });
  await expect(menuButton).toBeVisible();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  // The button names the menu it discloses (aria-controls), as the disclosure pattern asks.
  const menuId = await menuButton.getAttribute('aria-controls');
  expect(menuId, 'the menu button points at its menu with aria-controls').toBeTruthy();
  const menu = page.locator(`[id="${menuId}"]`);
  await expect(menu).toBeHidden();

  await menuButton.click();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Join Now' })).toBeVisible();
  await takeScreenshot('mobile-menu-open');

  await menuButton.click();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeHidden();

  await menuButton.click();
  await menu.getByRole('link', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
});
