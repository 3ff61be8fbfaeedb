import sharp from 'sharp';
import { test, expect, demoAccounts, DEMO_PASSWORD } from './fixtures';
import { expectNoSeriousAxeViolations } from './helpers/accessibility';
import { catalogueResults } from './helpers/catalogue';
import { expectOk, placeOfferThroughApi, type OfferAnswer } from './helpers/offers';

test('[AGENTS] the demo agent lists a title through the six-tab form, edits it, accepts an offer and deletes a listing', async ({
  page,
  login,
  playwright,
  baseURL,
  takeScreenshot,
}) => {
  test.setTimeout(180_000);
  if (!baseURL) throw new Error('the journey needs use.baseURL');
  const origin = new URL(baseURL).origin;
  const title = `The Tidewater Ledger ${Date.now().toString(36)}`;

  await login(page, demoAccounts.agent);
  await page.goto('/agent-dashboard');
  await expect(page.getByRole('heading', { name: 'Agent Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await takeScreenshot('01-overview');
  await expectNoSeriousAxeViolations(page, 'the agent dashboard');

  // The six-tab form: a missing synopsis sends the agent back to the tab that needs it.
  await page.getByRole('button', { name: 'New Listing' }).click();
  const form = page.getByRole('dialog', { name: 'New IP Listing' });
  for (const name of ['basic', 'content', 'rights', 'commercial', 'marketing', 'metadata']) {
    await expect(form.getByRole('tab', { name: new RegExp(`^${name}`, 'i') })).toBeVisible();
  }
  await form.getByLabel('Title', { exact: true }).fill(title);
  await form.getByLabel('Author', { exact: true }).fill('Morwenna Price');
  await form.getByLabel('Category', { exact: true }).fill('Fiction');
  await form.getByLabel('Subcategory (genre)', { exact: true }).fill('Literary Fiction');
  // A cover, uploaded at once and shown whole in the form.
  const cover = await sharp({
    create: { width: 600, height: 900, channels: 3, background: '#1d4e63' },
  })
    .png()
    .toBuffer();
  await form
    .getByLabel('Cover image', { exact: true })
    .setInputFiles({ name: 'tidewater-cover.png', mimeType: 'image/png', buffer: cover });
  await expect(form.getByText('Cover uploaded')).toBeVisible();
  // Two gallery images, chosen at once, uploaded and shown in order.
  await form.getByRole('tab', { name: /^marketing/i }).click();
  await form.getByLabel('Gallery images', { exact: true }).setInputFiles(
    await Promise.all(
      ['#7a3b2e', '#2e5a7a'].map(async (background, index) => ({
        name: `still-${index + 1}.png`,
        mimeType: 'image/png',
        buffer: await sharp({ create: { width: 800, height: 450, channels: 3, background } })
          .png()
          .toBuffer(),
      })),
    ),
  );
  await expect(form.getByRole('img', { name: 'Gallery image 2 of 2' })).toBeVisible();
  await form.getByRole('tab', { name: /^rights/i }).click();
  await form.getByRole('checkbox', { name: 'Film' }).check();
  await form.getByLabel('Territory', { exact: true }).fill('UK');
  await form.getByLabel('Territory', { exact: true }).press('Enter');
  await form.getByLabel('Territory', { exact: true }).fill('uk');
  await form.getByLabel('Territory', { exact: true }).press('Enter');
  await expect(form.getByText('Already added')).toBeVisible();
  await form.getByRole('tab', { name: /^commercial/i }).click();
  await form.getByLabel('Asking price', { exact: true }).fill('90000');
  await form.getByLabel('Minimum deal', { exact: true }).fill('40000');
  await form.getByRole('tab', { name: /^metadata/i }).click();
  await form.getByLabel('Themes', { exact: true }).fill('memory');
  await form.getByLabel('Themes', { exact: true }).press('Enter');
  await form.getByRole('button', { name: 'Create Listing' }).click();
  await expect(form.getByRole('tab', { name: /^content/i })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(form.getByText('Synopsis must be at least 50 characters')).toBeVisible();
  await form
    .getByLabel('Synopsis', { exact: true })
    .fill(
      'A harbourmaster’s ledger, lost for sixty years, surfaces in a Cornish auction and rewrites the story of a town’s most famous wreck.',
    );
  await form.getByLabel('Target audience', { exact: true }).selectOption('Adult');
  await takeScreenshot('02-listing-form');
  await form.getByRole('button', { name: 'Create Listing' }).click();
  await expect(
    page.getByText('IP listing created successfully and submitted for enrichment.'),
  ).toBeVisible();
  await expect(form).toBeHidden();

  // My IP Assets lists it; the catalogue finds it by its title at once.
  await expect(page.getByRole('tab', { name: 'My IP Assets' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('table').getByText(title, { exact: true })).toBeVisible();
  await page.goto(`/listings?search=${encodeURIComponent(title)}`);
  const card = catalogueResults(page).getByRole('article', { name: title });
  await expect(card).toBeVisible();
  await expect(card.getByRole('img', { name: `Cover of ${title}` })).toHaveAttribute(
    'src',
    /^\/uploads\/listing-images\/[0-9a-f-]+\.webp$/,
  );

  // Edit it: the form opens with what was saved.
  await page.goto('/agent-dashboard?tab=assets');
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit IP Listing' });
  await expect(edit.getByLabel('Title', { exact: true })).toHaveValue(title);
  await edit.getByLabel('Title', { exact: true }).fill(`${title} (Revised)`);
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('IP listing updated successfully.')).toBeVisible();
  await expect(
    page.getByRole('table').getByText(`${title} (Revised)`, { exact: true }),
  ).toBeVisible();
  await takeScreenshot('03-my-ip-assets');

  // Two producers' authorised offers on it; the agent sees them with the countdown.
  const listings = (await expectOk(
    await page.request.get(
      '/api/listings/agent/' + (await (await page.request.get('/api/auth/user')).json()).id,
    ),
    'agent listings',
  )) as { id: number; title: string }[];
  const listing = listings.find((item) => item.title === `${title} (Revised)`)!;
  const producerApi = async (email: string) => {
    const api = await playwright.request.newContext({ baseURL });
    await expectOk(
      await api.post('/api/auth/login', {
        data: { email, password: DEMO_PASSWORD },
        headers: { origin },
      }),
      `sign in as ${email}`,
    );
    return api;
  };
  const winnerApi = await producerApi(demoAccounts.premium);
  const otherApi = await producerApi(demoAccounts.producer);
  // The winner opens the listing having let agents see their name.
  const winnerUser = (await expectOk(await winnerApi.get('/api/auth/user'), 'current user')) as {
    firstName: string;
    lastName: string;
    email: string;
    username: string | null;
  };
  await expectOk(
    await winnerApi.put('/api/auth/profile', {
      data: {
        firstName: winnerUser.firstName,
        lastName: winnerUser.lastName,
        email: winnerUser.email,
        username: winnerUser.username ?? 'premiumproducer',
        showNameToAgents: true,
      },
      headers: { origin },
    }),
    'opt in to being named',
  );
  // (The admin is the other viewer: the demo free producer's monthly views are shared with
  // other journeys, and an admin is never named either.)
  const adminApi = await producerApi(demoAccounts.admin);
  for (const api of [winnerApi, adminApi]) {
    await expectOk(await api.get(`/api/listings/${listing.id}`), 'open the listing');
  }
  const winner = await placeOfferThroughApi(winnerApi, origin, listing.id, '45000');
  const other = await placeOfferThroughApi(otherApi, origin, listing.id, '41000');

  await page.goto('/agent-dashboard?tab=submissions');
  const winnerCard = page.getByRole('article').filter({ hasText: '£45,000' });
  await expect(winnerCard).toBeVisible();
  await expect(winnerCard.getByText(/Respond within/)).toBeVisible();
  await takeScreenshot('04-submissions');
  await expectNoSeriousAxeViolations(page, 'the agent’s submissions');
  await winnerCard.getByRole('button', { name: 'Accept' }).click();
  const confirm = page.getByRole('dialog', { name: 'Accept this offer?' });
  await expect(confirm).toContainText('card will be charged £45,000');
  await expect(confirm).toContainText('every other offer on those rights is rejected');
  await confirm.getByRole('button', { name: 'Accept and charge' }).click();
  await expect(page.getByText('Offer Accepted', { exact: true })).toBeVisible();

  // The listing is optioned; the other producer's offer shows Rejected to them.
  const detail = (await expectOk(
    await page.request.get(`/api/listings/${listing.id}`),
    'listing',
  )) as {
    status: string;
  };
  expect(detail.status).toBe('optioned');
  const theirs = (await expectOk(
    await otherApi.get('/api/offers/my-submissions'),
    'submissions',
  )) as {
    offers: OfferAnswer[];
  };
  expect(theirs.offers.find((offer) => offer.id === other.id)?.status).toBe('rejected');
  expect(winner.listingId).toBe(listing.id);

  // A listing without offers is deleted, after a confirmation.
  await page.getByRole('button', { name: 'New Listing' }).click();
  const second = page.getByRole('dialog', { name: 'New IP Listing' });
  const doomed = `${title} Draft Two`;
  await second.getByLabel('Title', { exact: true }).fill(doomed);
  await second.getByLabel('Author', { exact: true }).fill('Morwenna Price');
  await second.getByLabel('Category', { exact: true }).fill('Fiction');
  await second.getByRole('tab', { name: /^content/i }).click();
  await second
    .getByLabel('Synopsis', { exact: true })
    .fill(
      'A second title from the same author, also set on the Cornish coast, about a lifeboat crew.',
    );
  await second.getByLabel('Target audience', { exact: true }).selectOption('Adult');
  await second.getByRole('tab', { name: /^rights/i }).click();
  await second.getByRole('checkbox', { name: 'TV' }).check();
  await second.getByLabel('Territory', { exact: true }).fill('Worldwide');
  await second.getByLabel('Territory', { exact: true }).press('Enter');
  await second.getByRole('tab', { name: /^commercial/i }).click();
  await second.getByLabel('Asking price', { exact: true }).fill('30000');
  await second.getByRole('button', { name: 'Create Listing' }).click();
  await expect(page.getByRole('table').getByText(doomed, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: `Delete ${doomed}` }).click();
  await page
    .getByRole('dialog', { name: `Delete ${doomed}?` })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('IP asset deleted successfully.')).toBeVisible();
  await expect(page.getByRole('table').getByText(doomed, { exact: true })).toBeHidden();
  await page.getByRole('tab', { name: 'Analytics' }).click();
  const revenue = page.getByRole('figure', { name: 'Revenue by listing' });
  await expect(revenue).toBeVisible();
  await expect(revenue.getByRole('table')).toContainText('£45,000');
  const funnel = page.getByRole('figure', { name: 'Conversion funnel' });
  await expect(funnel.getByRole('table')).toContainText('Accepted (options sold)');
  // Who viewed: the producer who opted in by name, the other only counted.
  await page.getByLabel('Listing', { exact: true }).selectOption({ label: listing.title });
  await expect(
    page.getByText(`${winnerUser.firstName} ${winnerUser.lastName}`, { exact: false }),
  ).toBeVisible();
  await expect(page.getByText('1 other viewer did not share their name.')).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'the agent’s analytics');
  await takeScreenshot('05-analytics');

  // On a phone: the tabs scroll, the table scrolls sideways, and nothing fails axe.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const tab of ['assets', 'submissions', 'analytics']) {
    await page.goto(`/agent-dashboard?tab=${tab}`);
    await expect(page.getByRole('tab', { selected: true })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await takeScreenshot(`06-phone-${tab}`);
    await expectNoSeriousAxeViolations(page, `the agent dashboard’s ${tab} on a phone`);
  }
});

test('[AGENTS] the agent dashboard is for agents: a producer is sent home', async ({
  page,
  login,
}) => {
  await login(page, demoAccounts.producer);
  await page.goto('/agent-dashboard');
  await expect(page).toHaveURL(/\/$/);
});
