import { test, expect } from './helpers/journey';
import { newPerson } from './helpers/accounts';

test('[ACCOUNTS] a literary agent applies through Sign Up and the application is pending review', async ({
  page,
  takeScreenshot,
}) => {
  test.setTimeout(120_000);
  const person = newPerson('agent');

  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  // The radio itself is visually hidden inside its card; people click the card.
  await page.getByText('Literary Agent', { exact: true }).click();
  await expect(page.getByRole('radio', { name: /Literary Agent/ })).toBeChecked();
  await expect(page.getByRole('heading', { name: 'Agency details' })).toBeVisible();

  await page.getByLabel('First Name').fill(person.firstName);
  await page.getByLabel('Last Name').fill(person.lastName);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Username').fill(person.username);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByLabel('Confirm Password').fill(person.password);
  await page.getByLabel('Agency Name').fill('Marsh & Wilde Literary Agency');
  await page.getByLabel('Agency Website').fill('https://marshwilde.example');
  await page.getByLabel('Years in Business').fill('14');
  await page
    .getByLabel('Client List')
    .fill('Twelve crime novelists, three playwrights and the estate of a Booker winner.');
  await page.getByLabel('Agency Contact Phone').fill('+44 20 7946 0321');
  await page.getByLabel('Credentials').fill('Member of the Association of Authors’ Agents.');
  await page
    .getByRole('checkbox', { name: /I accept the Terms of Use and Privacy Policy/ })
    .check();
  await takeScreenshot('01-agent-sign-up-form');
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page.getByRole('heading', { name: 'Application Received' })).toBeVisible();
  const confirmation = page.getByRole('status').filter({ hasText: 'Application status' });
  await expect(
    confirmation.getByText('Please check your email to verify your account before logging in.', {
      exact: true,
    }),
  ).toBeVisible();
  await expect(
    confirmation.getByText('Your agent application has been submitted for review.', {
      exact: true,
    }),
  ).toBeVisible();
  await expect(confirmation.getByText('Pending Review', { exact: true })).toBeVisible();
  await takeScreenshot('02-agent-application-pending-review');
});
