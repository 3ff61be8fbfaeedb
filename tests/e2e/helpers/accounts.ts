import type { Page } from '@playwright/test';
import { expect } from './journey';
import { linkFromMail, type MailCatcher } from './mail-catcher';

/** A new person for each run: sign-up refuses an email or username that already exists. */
export function newPerson(prefix: string) {
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 4).toString(36)}`;
  return {
    firstName: 'Eleanor',
    lastName: 'Marsh',
    email: `${prefix}.${id}@example.test`,
    username: `${prefix}_${id}`,
    password: 'first-e2e-password',
  };
}
export type NewPerson = ReturnType<typeof newPerson>;

/** The verification link from the email the app sent to `email`, checked to be ours. */
export async function verificationLinkFor(
  mailCatcher: MailCatcher,
  baseURL: string,
  email: string,
): Promise<string> {
  const mail = await mailCatcher.waitForMail(email, 'Verify your email for PageToScreen');
  return linkFromMail(mail, `${new URL(baseURL).origin}/verify-email?token=`);
}

/**
 * A free producer nobody else uses, registered through the API and verified by opening the
 * link from the captured email in the page. The page is left signed out.
 */
export async function registerVerifiedProducer(
  page: Page,
  mailCatcher: MailCatcher,
  baseURL: string,
): Promise<NewPerson> {
  const person = newPerson('producer');
  const response = await page.request.post('/api/auth/register', {
    headers: { origin: new URL(baseURL).origin },
    data: {
      role: 'producer',
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
      username: person.username,
      password: person.password,
      confirmPassword: person.password,
      acceptedLegalTerms: true,
    },
  });
  expect(response.status(), await response.text()).toBe(200);

  await page.goto(await verificationLinkFor(mailCatcher, baseURL, person.email));
  await expect(page.getByRole('heading', { name: 'Email verified!' })).toBeVisible();
  return person;
}
