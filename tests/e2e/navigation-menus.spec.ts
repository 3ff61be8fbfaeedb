import type { Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './helpers/accessibility';
import { demoAccounts, expect, test } from './helpers/journey';

/** The pages each role uses that the spec's header does not list: all must be in its menus. */
const menuPages: Record<keyof typeof demoAccounts, [label: string, path: string][]> = {
  producer: [
    ['My Submissions', '/my-submissions'],
    ['Inbox', '/inbox'],
    ['Saved searches', '/saved-searches'],
    ['Notifications', '/notifications'],
    ['Upgrade to Premium', '/upgrade'],
    ['Verify agreement', '/verify-agreement'],
  ],
  premium: [
    ['My Submissions', '/my-submissions'],
    ['Inbox', '/inbox'],
    ['Saved searches', '/saved-searches'],
    ['Verify agreement', '/verify-agreement'],
  ],
  agent: [
    ['Inbox', '/inbox'],
    ['Saved searches', '/saved-searches'],
    ['Notifications', '/notifications'],
    ['Verify agreement', '/verify-agreement'],
  ],
  admin: [
    ['Chain of Title', '/admin/chain-of-title'],
    ['Bulk Image Upload', '/admin-image-upload'],
    ['Book Enrichment', '/data-enrichment'],
    ['Saved searches', '/saved-searches'],
    ['Verify agreement', '/verify-agreement'],
  ],
};

async function expectDesktopMenu(page: Page, role: keyof typeof demoAccounts) {
  await page.getByRole('button', { name: /^Account menu for/ }).click();
  const menu = page.getByRole('menu');
  for (const [label, path] of menuPages[role]) {
    await expect(menu.getByRole('menuitem', { name: label, exact: true })).toHaveAttribute(
      'href',
      path,
    );
  }
  await expectNoSeriousAxeViolations(page, `the ${role}'s account menu`);
  // The first one opens its page.
  const [label, path] = menuPages[role][0];
  await menu.getByRole('menuitem', { name: label, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

async function expectPhoneMenu(page: Page, role: keyof typeof demoAccounts) {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/listings');
  const button = page.getByRole('button', { name: /menu/i });
  await button.click();
  const menu = page.locator(`[id="${await button.getAttribute('aria-controls')}"]`);
  for (const [label, path] of menuPages[role]) {
    await expect(menu.getByRole('link', { name: label, exact: true })).toHaveAttribute(
      'href',
      path,
    );
  }
  await expectNoSeriousAxeViolations(page, `the ${role}'s phone menu`);
  const [label, path] = menuPages[role][1];
  await menu.getByRole('link', { name: label, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

for (const role of Object.keys(menuPages) as (keyof typeof demoAccounts)[]) {
  test(`[PLATFORM] every page the ${role} uses is in their menu, on desktop and on a phone`, async ({
    page,
    login,
  }) => {
    test.setTimeout(90_000);
    await login(page, demoAccounts[role]);
    await page.goto('/listings');
    await expectDesktopMenu(page, role);
    await expectPhoneMenu(page, role);
  });
}

test('[PLATFORM] a signed-out visitor finds Verify agreement in the footer', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('link', { name: 'Verify agreement' }).click();
  await expect(page).toHaveURL(/\/verify-agreement$/);
});
