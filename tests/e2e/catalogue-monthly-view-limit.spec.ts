import { registerVerifiedProducer } from './helpers/accounts';
import { catalogueResults, listingsWithUniqueTitles } from './helpers/catalogue';
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

  // Six listings from the first page of the catalogue, each found by its card's title.
  const listings = await listingsWithUniqueTitles(page, 6);
  const [sixth] = listings.slice(5);
  const detailsLink = (title: string) =>
    catalogueResults(page)
      .getByRole('article', { name: title, exact: true })
      .getByRole('link', { name: 'View Details' });

  await page.goto('/listings');
  for (const listing of listings.slice(0, 5)) {
    await detailsLink(listing.title).click();
    await expect(page).toHaveURL(new RegExp(`/listings/${listing.id}$`));
    await expect(page.getByRole('heading', { name: listing.title, level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Listings' }).click();
  }
  await takeScreenshot('01-five-listings-opened');

  // The sixth different listing is refused, with the date the allowance comes back.
  await detailsLink(sixth.title).click();
  await expect(page).toHaveURL(new RegExp(`/listings/${sixth.id}$`));
  await expect(page.getByRole('heading', { name: 'Monthly Viewing Limit Reached' })).toBeVisible();
  await expect(
    page.getByText(`Your viewing limit resets on ${nextMonthStartInUk()}.`, { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: sixth.title, level: 1 })).toHaveCount(0);
  await takeScreenshot('02-monthly-viewing-limit-reached');

  // Opening one of the five again this month is free.
  await page.getByRole('link', { name: 'Back to Listings' }).first().click();
  await detailsLink(listings[0].title).click();
  await expect(page.getByRole('heading', { name: listings[0].title, level: 1 })).toBeVisible();

  // A premium producer has no monthly limit: the same sixth listing opens.
  await login(page, demoAccounts.premium);
  await page.goto('/listings');
  await detailsLink(sixth.title).click();
  await expect(page).toHaveURL(new RegExp(`/listings/${sixth.id}$`));
  await expect(page.getByRole('heading', { name: sixth.title, level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Monthly Viewing Limit Reached' })).toHaveCount(0);
  await takeScreenshot('03-premium-opens-the-sixth');
});
