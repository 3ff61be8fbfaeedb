import { test, expect, demoAccounts, DEMO_PASSWORD } from './helpers/journey';

/** Each demo account, its name in the header's user menu and the links its role is given. */
const demoSignIns = [
  {
    email: demoAccounts.producer,
    name: 'Olivia Bennett',
    role: 'Producer',
    links: ['Browse IP', 'AI Recommendations', 'Dashboard'],
  },
  {
    email: demoAccounts.agent,
    name: 'Priya Sharma',
    role: 'Agent',
    links: ['Browse IP', 'Dashboard', 'Forum'],
  },
  {
    email: demoAccounts.admin,
    name: 'Alex Morgan',
    role: 'Admin',
    links: [
      'Browse IP',
      'User Management',
      'Comment Management',
      'Platform Analytics',
      'Commercial Analysis',
      'Forum',
    ],
  },
] as const;

test('[ACCOUNTS] the demo producer, agent and admin sign in and see their role’s navigation', async ({
  page,
  baseURL,
  takeScreenshot,
}) => {
  test.setTimeout(120_000);
  for (const account of demoSignIns) {
    await page.goto('/auth');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(new URL('/', baseURL).href);

    const accountMenu = page.getByRole('button', { name: `Account menu for ${account.name}` });
    await expect(accountMenu).toBeVisible();
    await expect(
      page.getByRole('banner').getByText(account.role, { exact: true }).filter({ visible: true }),
    ).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText([
      ...account.links,
    ]);
    await takeScreenshot(`signed-in-as-${account.role.toLowerCase()}`);

    await accountMenu.click();
    await expect(page.getByRole('menu').getByText(account.email, { exact: true })).toBeVisible();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page.getByRole('link', { name: 'Log In' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  }
});
