import { registerVerifiedProducer } from './helpers/accounts';
import { expectNoSeriousAxeViolations } from './helpers/accessibility';
import { catalogueResults, fetchListings } from './helpers/catalogue';
import { DEMO_PASSWORD, demoAccounts } from './helpers/journey';
import { expect, test } from './helpers/mail-fixture';
import { expectOk } from './helpers/offers';
import {
  acceptOnSubmissions,
  advanceClockPast,
  availsOf,
  gridCell,
  partPicker,
  rightsGridOf,
  sendOfferWithCard,
} from './helpers/rights';

/** A listing the demo agent creates for this journey alone: film, TV and stage in two places. */
const listingForm = (title: string) => ({
  title,
  author: 'Morwenna Treloar',
  contentType: 'book',
  category: 'Fiction',
  synopsis:
    'Two sisters inherit a tidal island and the debts of the ferryman who kept it connected.',
  targetAudience: 'Adult',
  publicationStatus: 'published',
  rightsAvailable: ['film', 'tv', 'stage'],
  territory: ['UK', 'Ireland'],
  exclusivity: 'exclusive',
  askingPrice: 60000,
  minimumDeal: 20000,
  currency: 'GBP',
  royaltyPercentage: 2.5,
  themes: ['inheritance'],
  keywords: ['island'],
});

/** Columns of the grid: the listing's territories in its order. */
const UK = 0;
const IRELAND = 1;
const OPTIONED_UNTIL = /^Optioned until \d{1,2} [A-Z][a-z]+ \d{4}$/;

test('[RIGHTS] producer A options Film in the UK, producer B sees it taken and options TV in the UK and Ireland, the catalogue filters follow, and A’s lapsed option makes Film in the UK available again', async ({
  page,
  login,
  browser,
  playwright,
  baseURL,
  mailCatcher,
  takeScreenshot,
}) => {
  test.setTimeout(300_000);
  if (!baseURL) throw new Error('the journey needs use.baseURL');
  const origin = new URL(baseURL).origin;
  const title = `The Ferryman’s Debt ${Date.now().toString(36)}`;

  // The agent, in a browser context of their own, lists film, TV and stage in the UK and Ireland.
  const agentContext = await browser.newContext({
    baseURL,
    locale: 'en-GB',
    timezoneId: 'Europe/London',
  });
  const agentPage = await agentContext.newPage();
  await login(agentPage, demoAccounts.agent);
  const listing = (await expectOk(
    await agentPage.request.post('/api/listings', {
      data: listingForm(title),
      headers: { origin },
    }),
    'the agent lists a title',
  )) as { id: number };

  // 1. Producer A (registered for this run) offers on Film in the UK only. The picker starts on
  // every free cell; a choice that is not one block says what the offer would cover.
  const producerA = await registerVerifiedProducer(page, mailCatcher, baseURL);
  const producerAName = `${producerA.firstName} ${producerA.lastName}`;
  await login(page, producerA.email, producerA.password);
  await page.goto(`/submit-offer/${listing.id}`);
  await expect(page.getByRole('heading', { name: 'Submit Offer' })).toBeVisible();
  const pickerA = partPicker(page);
  await expect(pickerA.getByRole('checkbox')).toHaveCount(6);
  for (const cell of ['Film in UK', 'TV in Ireland', 'Stage in UK']) {
    await expect(pickerA.getByRole('checkbox', { name: cell })).toBeChecked();
  }
  await expect(pickerA).toContainText(
    'This offer will cover: Film, TV and Stage in UK and Ireland.',
  );
  await pickerA.getByRole('button', { name: 'Clear the choice' }).click();
  await pickerA.getByRole('checkbox', { name: 'Film in UK' }).check();
  await pickerA.getByRole('checkbox', { name: 'TV in Ireland' }).check();
  await expect(pickerA).toContainText(
    'Your choice is not one block, so it also covers Film in Ireland and TV in UK.',
  );
  await pickerA.getByRole('checkbox', { name: 'TV in Ireland' }).uncheck();
  await expect(pickerA).toContainText('This offer will cover: Film in UK.');
  await sendOfferWithCard(page, { offerPrice: '30000', optionPeriod: '12', pounds: '£30,000' });
  const offerCardA = page.getByRole('article', { name: title });
  await expect(offerCardA.getByText('Pending', { exact: true })).toBeVisible();

  // 2. The agent accepts: only Film in the UK is optioned to A.
  const first = await acceptOnSubmissions(agentPage, title, producerAName);
  await expect(first.confirm).toContainText(`the Film rights of ${title} in UK become optioned`);
  await expect(first.confirm).toContainText('Offers on other rights stay open.');
  await first.accept();

  // The agent's Rights tab: the grid with who holds which part, linked to the deal.
  await agentPage.goto('/agent-dashboard?tab=rights');
  await agentPage.getByLabel('Find a listing by title').fill(title);
  const agentCard = agentPage.getByRole('region', { name: title, exact: true });
  const agentGrid = rightsGridOf(agentPage, title);
  await expect(agentCard).toContainText('5 of 6 parts available now');
  await expect(gridCell(agentGrid, 'Film', UK)).toContainText(`Held by ${producerAName}`);
  await expect(gridCell(agentGrid, 'Film', UK).getByRole('link')).toHaveAttribute(
    'href',
    /\/agent-dashboard\?tab=submissions#offer-\d+$/,
  );
  await expect(gridCell(agentGrid, 'TV', UK)).toHaveText('Available');
  await expectNoSeriousAxeViolations(agentPage, 'the agent’s rights tab');

  // 3. Producer B sees Film in the UK taken (until when, but not by whom) and TV available.
  await login(page, demoAccounts.premium);
  await page.goto(`/listings/${listing.id}`);
  const grid = rightsGridOf(page, title);
  await expect(gridCell(grid, 'Film', UK)).toHaveText(OPTIONED_UNTIL);
  await expect(gridCell(grid, 'Film', IRELAND)).toHaveText('Available');
  await expect(gridCell(grid, 'TV', UK)).toHaveText('Available');
  await expect(gridCell(grid, 'TV', IRELAND)).toHaveText('Available');
  await expect(grid).not.toContainText('Held by');
  const filmUkUntil = (await gridCell(grid, 'Film', UK).textContent())?.replace(
    'Optioned until ',
    '',
  );
  await expect(
    page.getByText(
      `5 of 6 parts available now; Film in UK available again from ${filmUkUntil ?? ''}`,
    ),
  ).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'the listing’s rights grid');
  await takeScreenshot('01-grid-film-uk-taken');
  // On a phone the grid scrolls sideways inside its own region (screenshot to look at).
  await page.setViewportSize({ width: 390, height: 844 });
  await grid.scrollIntoViewIfNeeded();
  await expect(grid).toBeVisible();
  await page.getByRole('region', { name: 'Rights availability', exact: true }).screenshot({
    path: test.info().outputPath('02-grid-phone.png'),
  });
  await takeScreenshot('02-grid-phone-page');
  await expectNoSeriousAxeViolations(page, 'the listing’s rights grid on a phone');
  await page.setViewportSize({ width: 1280, height: 720 });

  // 4. B offers on TV in the UK and Ireland. Film in the UK cannot be chosen, and a choice that
  // would bring it in is refused before it is sent.
  await page.goto(`/submit-offer/${listing.id}`);
  const pickerB = partPicker(page);
  await expect(pickerB.getByRole('checkbox', { name: 'Film in UK' })).toBeDisabled();
  await expect(pickerB).toContainText(`Optioned until ${filmUkUntil ?? ''}`);
  // It starts on the largest block of free cells: TV and Stage in both territories.
  await expect(pickerB).toContainText('This offer will cover: TV and Stage in UK and Ireland.');
  await pickerB.getByRole('button', { name: 'Clear the choice' }).click();
  await pickerB.getByRole('checkbox', { name: 'TV in UK' }).check();
  await pickerB.getByRole('checkbox', { name: 'Film in Ireland' }).check();
  await expect(pickerB).toContainText(
    'This offer would also cover Film in UK, which is not available.',
  );
  await pickerB.getByRole('checkbox', { name: 'Film in Ireland' }).uncheck();
  await pickerB.getByRole('checkbox', { name: 'TV in Ireland' }).check();
  await expect(pickerB).toContainText('This offer will cover: TV in UK and Ireland.');
  await sendOfferWithCard(page, { offerPrice: '40000', optionPeriod: '36', pounds: '£40,000' });

  // 5. The agent accepts B's offer too: a part that does not overlap A's.
  const second = await acceptOnSubmissions(agentPage, title, 'Whitaker');
  await expect(second.confirm).toContainText(`the TV rights of ${title} in UK, Ireland become`);
  await second.accept();

  await page.goto(`/listings/${listing.id}`);
  await expect(gridCell(grid, 'TV', UK)).toHaveText(OPTIONED_UNTIL);
  await expect(gridCell(grid, 'TV', IRELAND)).toHaveText(OPTIONED_UNTIL);
  await expect(gridCell(grid, 'Stage', UK)).toHaveText('Available');
  await expect(page.getByText(/^3 of 6 parts available now/)).toBeVisible();

  // 6. The catalogue: "TV in Ireland" no longer lists it, "Stage in the UK" does.
  const tvInIreland = { availableMedia: 'tv', availableTerritory: 'Ireland' };
  const stageInUk = { availableMedia: 'stage', availableTerritory: 'UK' };
  await expect
    .poll(async () => (await fetchListings(page, { search: title, ...tvInIreland })).items)
    .not.toContainEqual(expect.objectContaining({ id: listing.id }));
  await expect
    .poll(async () => (await fetchListings(page, { search: title, ...stageInUk })).items)
    .toContainEqual(expect.objectContaining({ id: listing.id }));
  const results = catalogueResults(page);
  const card = results.getByRole('article', { name: title, exact: true });
  await page.goto(`/listings?${new URLSearchParams({ search: title, ...stageInUk })}`);
  await expect(card).toBeVisible();
  await takeScreenshot('03-catalogue-stage-in-uk');
  await page.goto(`/listings?${new URLSearchParams({ search: title, ...tvInIreland })}`);
  await expect(results.getByText('No listings match your filters')).toBeVisible();
  await expect(card).toHaveCount(0);

  // 7. A's option lapses (the clock moves past its end; the reversion runs): Film in the UK is
  // available again, B's TV stays optioned.
  const { cells } = await availsOf(page.request, listing.id);
  const filmUk = cells.find((cell) => cell.media === 'film' && cell.territory === 'UK');
  expect(filmUk?.state).toBe('optioned');
  expect(filmUk?.until).toBeTruthy();
  const admin = await playwright.request.newContext({ baseURL });
  await expectOk(
    await admin.post('/api/auth/login', {
      data: { email: demoAccounts.admin, password: DEMO_PASSWORD },
      headers: { origin },
    }),
    'sign in as the admin',
  );
  const moved = await advanceClockPast(admin, origin, filmUk?.until ?? '');
  expect(moved.lapsedGrants).toBeGreaterThanOrEqual(1);
  await expect(async () => {
    await page.goto(`/listings/${listing.id}`);
    await expect(gridCell(grid, 'Film', UK)).toHaveText('Available', { timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  await expect(gridCell(grid, 'TV', UK)).toHaveText(OPTIONED_UNTIL);
  await expect(page.getByText(/^4 of 6 parts available now/)).toBeVisible();
  await expect
    .poll(
      async () =>
        (
          await fetchListings(page, {
            search: title,
            availableMedia: 'film',
            availableTerritory: 'UK',
          })
        ).items,
    )
    .toContainEqual(expect.objectContaining({ id: listing.id }));
  await takeScreenshot('04-film-uk-available-again');

  await admin.dispose();
  await agentContext.close();
});
