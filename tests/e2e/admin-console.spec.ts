import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from './helpers/mail-fixture';
import { demoAccounts, DEMO_PASSWORD } from './fixtures';
import { expectNoSeriousAxeViolations } from './helpers/accessibility';
import { newPerson, registerVerifiedProducer, verificationLinkFor } from './helpers/accounts';
import { expectOk, placeOfferThroughApi } from './helpers/offers';

/** A valid listing form (the approved agent publishes it through the API). */
const listingForm = (title: string) => ({
  title,
  author: 'Morwenna Price',
  contentType: 'book',
  category: 'Fiction',
  synopsis: 'A lighthouse keeper finds a ledger that records storms which have not yet happened.',
  targetAudience: 'Adult',
  publicationStatus: 'published',
  rightsAvailable: ['film', 'tv'],
  territory: ['UK'],
  exclusivity: 'exclusive',
  askingPrice: 60000,
  currency: 'GBP',
});

/** Narrows All Users to one account by its email (the debounced search). */
async function findUser(page: Page, email: string) {
  await page.getByRole('tab', { name: 'All Users' }).click();
  const search = page.getByRole('searchbox', { name: 'Search users by name, email or company' });
  await search.fill(email);
  const table = page.getByRole('table', { name: 'All users' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByText(email, { exact: true })).toBeVisible();
  return table;
}

test('[ADMIN] the admin approves an agent, suspends a producer, resets a password and deletes a producer with an open offer', async ({
  page,
  login,
  playwright,
  baseURL,
  mailCatcher,
  takeScreenshot,
}) => {
  test.setTimeout(240_000);
  if (!baseURL) throw new Error('the journey needs use.baseURL');
  const origin = new URL(baseURL).origin;
  const apiAs = async (email: string, password: string) => {
    const api = await playwright.request.newContext({ baseURL });
    const response = await api.post('/api/auth/login', {
      data: { email, password },
      headers: { origin },
    });
    return { api, response };
  };
  const signedIn = async (email: string, password: string) => {
    const { api, response } = await apiAs(email, password);
    const user = (await expectOk(response, `sign in as ${email}`)) as { id: number };
    return { api, user };
  };
  const contexts: APIRequestContext[] = [];

  // People for the admin to act on: an agent who applied, and three producers.
  const agent = newPerson('agent');
  await expectOk(
    await page.request.post('/api/auth/register', {
      headers: { origin },
      data: {
        role: 'agent',
        firstName: 'Tamsin',
        lastName: 'Applicant',
        email: agent.email,
        username: agent.username,
        password: agent.password,
        confirmPassword: agent.password,
        acceptedLegalTerms: true,
        companyName: 'Harbour Light Literary',
        agencyWebsite: 'https://harbourlight.example',
        agencyYearsInBusiness: 9,
        agencyClientList: 'Eleven novelists and two screenwriters from the South West.',
        agencyContactPhone: '+44 20 7946 0456',
        agencyCredentials: 'Member of the Association of Authors’ Agents.',
      },
    }),
    'agent sign-up',
  );
  await page.goto(await verificationLinkFor(mailCatcher, baseURL, agent.email));
  await expect(page.getByRole('heading', { name: 'Email verified!' })).toBeVisible();
  const suspended = await registerVerifiedProducer(page, mailCatcher, baseURL);
  const forgetful = await registerVerifiedProducer(page, mailCatcher, baseURL);
  const leaving = await registerVerifiedProducer(page, mailCatcher, baseURL);

  // The leaving producer has an open offer with a card hold on one of the demo agent's listings.
  const demoAgent = await signedIn(demoAccounts.agent, DEMO_PASSWORD);
  const leaver = await signedIn(leaving.email, leaving.password);
  contexts.push(demoAgent.api, leaver.api);
  const agentListings = (await expectOk(
    await demoAgent.api.get(`/api/listings/agent/${demoAgent.user.id}`),
    "the demo agent's listings",
  )) as Array<{ id: number; status: string; isFeatured: boolean }>;
  const target = agentListings.find((listing) => listing.status === 'available');
  if (!target) throw new Error('the demo agent has an available listing');
  const offer = await placeOfferThroughApi(leaver.api, origin, target.id, '20000');

  // The admin console.
  await login(page, demoAccounts.admin);
  await page.goto('/admin-dashboard');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'All Users' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('table', { name: 'All users' })).toBeVisible();
  await takeScreenshot('01-all-users');
  await expectNoSeriousAxeViolations(page, 'the admin dashboard');

  // 1. Approve the agent's application, with a note.
  await page.getByRole('tab', { name: /Pending Applications/ }).click();
  await page.getByRole('button', { name: 'Review Tamsin Applicant' }).first().click();
  const review = page.getByRole('dialog', { name: 'Review agent application' });
  await expect(review.getByText('Harbour Light Literary')).toBeVisible();
  await expect(review.getByText('https://harbourlight.example')).toBeVisible();
  await review.getByLabel('Notes (optional, sent to the agent)').fill('Welcome to PageToScreen.');
  await takeScreenshot('02-review-agent');
  await review.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('status').getByText('Agent application approved')).toBeVisible();
  await expect(review).toBeHidden();
  await mailCatcher.waitForMail(agent.email, 'Your PageToScreen agent account has been approved');

  // The approved agent signs in and publishes a listing at once (no longer a draft).
  const approved = await signedIn(agent.email, agent.password);
  contexts.push(approved.api);
  const saved = (await expectOk(
    await approved.api.post('/api/listings', {
      data: listingForm(`Harbour Ledger ${Date.now().toString(36)}`),
      headers: { origin },
    }),
    'the approved agent lists a title',
  )) as { status: string; notices: string[] };
  expect(saved.status).toBe('available');
  expect(saved.notices).toEqual([]);

  // 2. Suspend a producer: they can no longer sign in.
  const suspendedCookieHolder = await signedIn(suspended.email, suspended.password);
  contexts.push(suspendedCookieHolder.api);
  let table = await findUser(page, suspended.email);
  await table.getByRole('button', { name: 'Manage Eleanor Marsh' }).click();
  const manage = page.getByRole('dialog', { name: 'Manage Eleanor Marsh' });
  await expect(manage.getByRole('combobox', { name: 'Role' })).toHaveValue('free');
  await expect(manage.getByRole('option', { name: 'Administrator' })).toHaveCount(0);
  await manage.getByRole('button', { name: 'Suspend user' }).click();
  // It asks first, saying what it affects: their sessions (a producer has no listings).
  const confirmSuspend = manage.getByRole('group', { name: 'Suspend Eleanor Marsh?' });
  await expect(
    confirmSuspend.getByText(/^This ends \d+ active sessions? \(they are signed out everywhere\)/),
  ).toBeVisible();
  await expect(confirmSuspend.getByText(/listings/)).toHaveCount(0);
  await expectNoSeriousAxeViolations(page, 'the suspension confirmation');
  await confirmSuspend.getByRole('button', { name: 'Confirm suspension' }).click();
  await expect(page.getByRole('status').getByText('User suspended')).toBeVisible();
  await expect(table.getByText('Suspended', { exact: true })).toBeVisible();
  const refused = await apiAs(suspended.email, suspended.password);
  contexts.push(refused.api);
  expect(refused.response.status()).toBe(403);
  expect((await refused.response.json()).message).toBe(
    'Your account has been suspended. Please contact support.',
  );
  // The session they already had stopped working too.
  expect((await suspendedCookieHolder.api.get('/api/auth/user')).status()).toBe(401);

  // 3. Reset a producer's password, after the spec's messages.
  table = await findUser(page, forgetful.email);
  await table.getByRole('button', { name: 'Reset password of Eleanor Marsh' }).click();
  const reset = page.getByRole('dialog', { name: 'Reset password' });
  await reset.getByRole('button', { name: 'Reset password' }).click();
  await expect(reset.getByText('Please enter a new password')).toBeVisible();
  await reset.getByLabel('New password').fill('short');
  await reset.getByRole('button', { name: 'Reset password' }).click();
  await expect(reset.getByText('Password must be at least 8 characters long')).toBeVisible();
  await expect(page.getByText('Password too short', { exact: true })).toBeVisible();
  await reset.getByLabel('New password').fill('a-fresh-admin-set-password');
  await takeScreenshot('03-reset-password');
  await reset.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('status').getByText('Password reset')).toBeVisible();
  await mailCatcher.waitForMail(
    forgetful.email,
    'Your PageToScreen password was reset by an administrator',
  );
  const withNewPassword = await signedIn(forgetful.email, 'a-fresh-admin-set-password');
  contexts.push(withNewPassword.api);

  // 4. Delete the producer with an open offer, after two confirmations: the offer goes and its
  // card hold is released (the agent no longer has it).
  const before = (await expectOk(
    await demoAgent.api.get(`/api/offers/agent/${demoAgent.user.id}`),
    "the agent's offers",
  )) as Array<{ id: number; status: string }>;
  expect(before.find((candidate) => candidate.id === offer.id)?.status).toBe('pending');
  table = await findUser(page, leaving.email);
  await table.getByRole('button', { name: 'Delete Eleanor Marsh' }).click();
  const confirmDelete = page.getByRole('alertdialog', { name: 'Delete user' });
  await confirmDelete.getByRole('button', { name: 'Continue' }).click();
  const sure = page.getByRole('alertdialog', { name: 'Are you absolutely sure?' });
  await takeScreenshot('04-delete-user');
  await sure.getByRole('button', { name: 'Delete permanently' }).click();
  await expect(page.getByRole('status').getByText('User deleted')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'All users' }).getByText('No users found'),
  ).toBeVisible();
  const after = (await expectOk(
    await demoAgent.api.get(`/api/offers/agent/${demoAgent.user.id}`),
    "the agent's offers",
  )) as Array<{ id: number; status: string }>;
  expect(after.find((candidate) => candidate.id === offer.id)).toBeUndefined();

  // Every action is in the audit log.
  await page.getByRole('tab', { name: 'Audit log' }).click();
  const log = page.getByRole('table', { name: 'Admin audit log' });
  for (const label of ['Agent verification', 'Suspension', 'Password reset', 'Deletion']) {
    await expect(log.getByText(label, { exact: true }).first()).toBeVisible();
  }
  await page.getByRole('combobox', { name: 'Filter by action' }).selectOption('suspend_user');
  await expect(log.getByText(suspended.email)).toBeVisible();
  await expect(log.getByText('Deletion', { exact: true })).toHaveCount(0);
  // Who, what, before → after in words, and the time in UK time: no raw keys or objects.
  const suspension = log.getByRole('row').filter({ hasText: suspended.email });
  await expect(suspension.getByText('Alex Morgan', { exact: false })).toBeVisible();
  await expect(suspension.getByText('active → suspended')).toBeVisible();
  await expect(
    suspension.getByText(/\d{1,2} \w{3} \d{4}, \d{2}:\d{2} (GMT|BST)/).first(),
  ).toBeVisible();
  await expect(log).not.toContainText('[object Object]');
  await expect(log).not.toContainText('suspend_user');
  await expect(log).not.toContainText('suspendedAt');
  await takeScreenshot('05-audit-log');

  // A phone shows the same console without sideways page scrolling.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('tab', { name: 'All Users' }).click();
  await expect(page.getByRole('searchbox', { name: /Search users/ })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(1);
  await takeScreenshot('06-phone');

  for (const context of contexts) await context.dispose();
});

test('[ADMIN] a role change refused for a paying member offers the refund in the dialog, audited', async ({
  page,
  login,
  baseURL,
  mailCatcher,
  allowConsoleError,
}) => {
  test.setTimeout(180_000);
  // The refused role change is a 409 the browser logs; the dialog answers it with the refund.
  allowConsoleError(/409 \(Conflict\).*\/api\/admin\/users\/\d+\/role/);
  const origin = new URL(baseURL!).origin;
  // A producer who pays for Premium with the local provider's test card.
  const member = await registerVerifiedProducer(page, mailCatcher, baseURL!);
  await login(page, member.email, member.password);
  const upgrade = (await expectOk(
    await page.request.post('/api/membership/upgrade', { headers: { origin }, data: {} }),
    'start the Premium checkout',
  )) as { clientSecret: string };
  await expectOk(
    await page.request.post('/api/payments/local/confirm', {
      headers: { origin },
      data: {
        clientSecret: upgrade.clientSecret,
        cardNumber: '4242424242424242',
        expMonth: 12,
        expYear: 2034,
        cvc: '123',
      },
    }),
    'pay for Premium',
  );
  await expect
    .poll(
      async () =>
        ((await (await page.request.get('/api/membership/status')).json()) as { tier: string })
          .tier,
    )
    .toBe('premium');

  await login(page, demoAccounts.admin);
  await page.goto('/admin-dashboard');
  const table = await findUser(page, member.email);
  await table.getByRole('button', { name: 'Manage Eleanor Marsh' }).click();
  const manage = page.getByRole('dialog', { name: 'Manage Eleanor Marsh' });
  await manage.getByRole('combobox', { name: 'Role' }).selectOption('free');
  await manage.getByRole('button', { name: 'Save role' }).click();
  const refund = manage.getByRole('group', { name: 'This member pays for Premium' });
  await expect(
    refund.getByText('Refund the membership (within 14 days)', { exact: false }),
  ).toBeVisible();
  await refund.getByRole('button', { name: 'Refund the membership' }).click();
  await expect(
    refund.getByText('The money goes back to their card', { exact: false }),
  ).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'the refund confirmation in the role dialog');
  await refund.getByRole('button', { name: 'Confirm refund' }).click();
  await expect(page.getByRole('status').getByText('Membership refunded')).toBeVisible();
  await expect(page.getByText('£216.00 refunded to', { exact: false })).toBeVisible();
  await expect(refund).toHaveCount(0);
  // With the payment refunded the role change goes through.
  await manage.getByRole('button', { name: 'Save role' }).click();
  await expect(page.getByRole('status').getByText('Role updated')).toBeVisible();

  await page.getByRole('tab', { name: 'Audit log' }).click();
  await page.getByRole('combobox', { name: 'Filter by action' }).selectOption('refund_membership');
  const row = page
    .getByRole('table', { name: 'Admin audit log' })
    .getByRole('row')
    .filter({ hasText: member.email });
  await expect(row.getByText('Membership refund', { exact: true })).toBeVisible();
  await expect(row.getByText('premium → free')).toBeVisible();
  await expect(row.getByText('216.00', { exact: false })).toBeVisible();
});

test('[ADMIN] the admin dashboard is for administrators only', async ({ page, login }) => {
  await login(page, demoAccounts.producer);
  await page.goto('/admin-dashboard');
  await expect(page).toHaveURL(/\/$/);
});
