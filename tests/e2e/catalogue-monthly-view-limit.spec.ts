import { registerVerifiedProducer } from './helpers/accounts';
import { catalogueResults } from './helpers/catalogue';
import { demoAccounts } from './helpers/journey';
import { expect, test } from './helpers/mail-fixture';

/** '1 December 2026': the first day of next month in UK time, as the limit page writes it. */
function nextMonthStartInUk(now = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: 'numeric',
  }).formatToParts(now);
  const year = Number(parts.find((part) => part.type === 'year')?.value);
  const month = Number(parts.find((part) => part.type === 'month')?.value);
  const firstOfNext = new Date(Date.UTC(month === 12 ? year + 1 : year, month % 12, 1, 12));
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(firstOfNext);
}

test('[CATALOGUE] a free producer opens five listings, the sixth hits the monthly limit, a premium producer opens it', async ({
  page,
  baseURL,
  login,
  mailCatcher,
  takeScreenshot,
  allowConsoleError,
}) => {
  test.setTimeout(180_000);
  // The sixth listing answers 403, which the browser logs as a failed resource.
  allowConsoleError(/status of 403/);

  // The limit counts per user per month, and demo.producer is shared with other journeys
  // (any listing they open counts against it). A producer registered for this run, verified
  // through the link in the email the app sent, starts this month with all five views.
  const producer = await registerVerifiedProducer(page, mailCatcher, baseURL!);
  await login(page, producer.email, producer.password);

  const viewDetails = catalogueResults(page).getByRole('link', { name: 'View Details' });
  const openedPaths: string[] = [];
  await page.goto('/listings');
  for (let position = 0; position < 5; position += 1) {
    const link = viewDetails.nth(position);
    const path = await link.getAttribute('href');
    const title = await catalogueResults(page)
      .getByRole('article')
      .nth(position)
      .getByRole('heading')
      .innerText();
    openedPaths.push(path!);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Listings' }).click();
  }
  expect(new Set(openedPaths).size, 'five different listings').toBe(5);
  await takeScreenshot('01-five-listings-opened');

  // The sixth different listing is refused, with the date the allowance comes back.
  const sixthPath = await viewDetails.nth(5).getAttribute('href');
  const sixthTitle = await catalogueResults(page)
    .getByRole('article')
    .nth(5)
    .getByRole('heading')
    .innerText();
  await viewDetails.nth(5).click();
  await expect(page).toHaveURL(new RegExp(`${sixthPath}$`));
  await expect(page.getByRole('heading', { name: 'Monthly Viewing Limit Reached' })).toBeVisible();
  await expect(
    page.getByText(`Your viewing limit resets on ${nextMonthStartInUk()}.`, { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: sixthTitle, level: 1 })).toHaveCount(0);
  await takeScreenshot('02-monthly-viewing-limit-reached');

  // Opening one of the five again this month is free.
  await page.goto(openedPaths[0]);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(
    'Monthly Viewing Limit Reached',
  );
  await expect(page.getByRole('heading', { name: 'Agent Information' })).toBeVisible();

  // A premium producer has no monthly limit: the same sixth listing opens.
  await login(page, demoAccounts.premium);
  await page.goto('/listings');
  await viewDetails.nth(5).click();
  await expect(page).toHaveURL(new RegExp(`${sixthPath}$`));
  await expect(page.getByRole('heading', { name: sixthTitle, level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Monthly Viewing Limit Reached' })).toHaveCount(0);
  await takeScreenshot('03-premium-opens-the-sixth');
});
