import type { Page } from '@playwright/test';
import { newPerson, verificationLinkFor } from './helpers/accounts';
import { expect, test } from './helpers/mail-fixture';

const NEW_PASSWORD = 'second-e2e-password';

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

test('[ACCOUNTS] a producer registers, verifies, completes the profile and changes the password', async ({
  page,
  baseURL,
  mailCatcher,
  takeScreenshot,
  allowConsoleError,
}) => {
  // Registering, verifying and argon2 hashing on a busy machine: a long journey.
  test.setTimeout(180_000);
  // Signing in with the old password is refused with 401, which the browser logs.
  allowConsoleError(/status of 401.*\/api\/auth\/login/);
  const person = newPerson('producer');

  // Sign up on /auth.
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/auth\?mode=register$/);
  await expect(page.getByRole('radio', { name: /Producer/ })).toBeChecked();
  await page.getByLabel('First Name').fill(person.firstName);
  await page.getByLabel('Last Name').fill(person.lastName);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Username').fill(person.username);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByLabel('Confirm Password').fill(person.password);
  await page
    .getByRole('checkbox', { name: /I accept the Terms of Use and Privacy Policy/ })
    .check();
  await takeScreenshot('01-sign-up-form');
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page.getByRole('heading', { name: 'Registration Successful' })).toBeVisible();
  await expect(
    page.getByText('Please check your email to verify your account before logging in.', {
      exact: true,
    }),
  ).toBeVisible();
  await takeScreenshot('02-registration-confirmation');

  // Registering does not sign in: the account is unusable until the email is verified.
  await expect(page.getByRole('link', { name: 'Log In' })).toBeVisible();

  // The verification email arrives over SMTP; its link verifies, then the page moves to /auth.
  const link = await verificationLinkFor(mailCatcher, baseURL!, person.email);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Email verified!' })).toBeVisible();
  await takeScreenshot('03-email-verified');
  await expect(page).toHaveURL(/\/auth$/);

  // Signing in sends a producer with an incomplete profile to Complete Profile.
  await signIn(page, person.email, person.password);
  await expect(page).toHaveURL(/\/complete-profile$/);
  await expect(page.getByRole('heading', { name: 'Complete Your Profile' })).toBeVisible();
  await expect(page.getByLabel('First Name')).toHaveValue(person.firstName);
  await expect(page.getByLabel('Username')).toHaveValue(person.username);
  await page.getByLabel('Phone Number').fill('+44 20 7946 0958');
  await page.getByLabel('Address').fill('12 Wardour Street, London W1D 6QF');
  await page.getByLabel('IMDb Page Link').fill('https://www.imdb.com/name/nm0000001/');
  await page
    .getByLabel('What are you looking for?')
    .fill('Contemporary crime novels with a strong lead for a returning TV series.');
  await page.getByLabel('How did you hear about us?').selectOption('Industry Contact/Referral');
  await page
    .getByRole('checkbox', { name: /I accept the Terms of Use and Privacy Policy/ })
    .check();
  await takeScreenshot('04-complete-profile');
  await page.getByRole('button', { name: 'Complete Profile' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Profile completed successfully' }),
  ).toBeVisible();
  await expect(page).toHaveURL(new URL('/', baseURL).href);

  // Edit Account: a new first name shows on the profile.
  const accountMenu = page.getByRole('button', {
    name: `Account menu for ${person.firstName} ${person.lastName}`,
  });
  await accountMenu.click();
  await page.getByRole('menuitem', { name: 'Account' }).click();
  await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
  await page.getByRole('link', { name: 'Edit Account' }).click();
  await expect(page).toHaveURL(/\/edit-account$/);
  await expect(page.getByRole('heading', { name: 'Edit Account' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(person.email);
  await page.getByLabel('First Name').fill('Nell');
  await takeScreenshot('05-edit-account');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Account Updated' })).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(
    page.getByRole('main').getByText(`Nell ${person.lastName}`, { exact: true }),
  ).toBeVisible();
  await takeScreenshot('06-profile-updated');

  // Security Settings: change the password; the owner is told by email.
  await page.getByRole('link', { name: 'Security Settings' }).click();
  await expect(page).toHaveURL(/\/security-settings$/);
  await page.getByLabel('Current Password').fill(person.password);
  await page.getByLabel('New Password').fill(NEW_PASSWORD);
  await page.getByLabel('Confirm Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Password Changed' })).toBeVisible();
  await expect(page.getByLabel('Current Password')).toHaveValue('');
  await takeScreenshot('07-password-changed');
  await mailCatcher.waitForMail(person.email, 'Your PageToScreen password was changed');

  // Sign out from the user menu.
  await page.getByRole('button', { name: `Account menu for Nell ${person.lastName}` }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(new URL('/', baseURL).href);
  await expect(page.getByRole('link', { name: 'Log In' })).toBeVisible();

  // The old password no longer works; the new one does.
  await page.getByRole('link', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await signIn(page, person.email, person.password);
  await expect(
    page.getByRole('alert').filter({ hasText: 'Invalid email or password' }),
  ).toBeVisible();
  await takeScreenshot('08-old-password-refused');

  await page.getByLabel('Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(new URL('/', baseURL).href);
  await expect(
    page.getByRole('button', { name: `Account menu for Nell ${person.lastName}` }),
  ).toBeVisible();
  await takeScreenshot('09-signed-in-with-new-password');
});
