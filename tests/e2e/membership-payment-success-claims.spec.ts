import { test, expect, demoAccounts } from './helpers/journey';

// Issue 10: /payment-success said "Payment of £216 processed" to anyone, even signed out with a
// made-up session id. It shows a payment only for the signed-in user's own paid checkout.

test('[MEMBERSHIP] a signed-out visitor with a made-up session id is told of no payment', async ({
  page,
  takeScreenshot,
}) => {
  test.setTimeout(120_000);
  await page.goto('/payment-success?session_id=cs_made_up_by_a_visitor_0123456789');

  await expect(page.getByRole('heading', { name: 'No Payment to Show', level: 1 })).toBeVisible();
  await expect(page.getByText(/Payment of £/)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Welcome to Premium!' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await takeScreenshot('payment-success-signed-out');
});

test('[MEMBERSHIP] a signed-in producer is not told of a payment for a checkout that is not theirs', async ({
  page,
  login,
  allowConsoleError,
  takeScreenshot,
}) => {
  test.setTimeout(120_000);
  // The server answers 404 for a checkout session that is not the user's own.
  allowConsoleError(/status of 404/);
  await login(page, demoAccounts.producer);
  await page.goto('/payment-success?session_id=cs_local_0000000000000000deadbeef');

  await expect(page.getByRole('heading', { name: 'No Payment to Show', level: 1 })).toBeVisible();
  await expect(page.getByText(/Payment of £/)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Welcome to Premium!' })).toHaveCount(0);
  await takeScreenshot('payment-success-not-theirs');
});
