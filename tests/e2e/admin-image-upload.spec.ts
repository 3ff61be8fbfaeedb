import sharp from 'sharp';
import { test, expect, demoAccounts } from './fixtures';
import { expectNoSeriousAxeViolations } from './helpers/accessibility';

/** A listing the admin creates through the API, so its title and author are unique. */
const listingForm = (title: string) => ({
  title,
  author: 'Ines Harrow',
  contentType: 'book',
  category: 'Fiction',
  synopsis: 'A synopsis long enough to pass the fifty-character minimum of the listing form.',
  targetAudience: 'Adult',
  publicationStatus: 'published',
  rightsAvailable: ['film', 'tv'],
  territory: ['UK'],
  exclusivity: 'exclusive',
  askingPrice: 50000,
  minimumDeal: 20000,
  currency: 'GBP',
  royaltyPercentage: 2.5,
  themes: ['memory'],
  keywords: ['coast'],
});

const png = (background: string) =>
  sharp({ create: { width: 400, height: 600, channels: 3, background } })
    .png()
    .toBuffer();

test('[ADMIN] the demo admin uploads covers in bulk, reads the result and opens the analytics', async ({
  page,
  login,
  baseURL,
  takeScreenshot,
}) => {
  test.setTimeout(180_000);
  if (!baseURL) throw new Error('the journey needs use.baseURL');
  const origin = new URL(baseURL).origin;
  const suffix = Date.now().toString(36);
  const titles = [`The Salt Orchard ${suffix}`, `Harbour of Glass ${suffix}`];

  await login(page, demoAccounts.admin);
  const ids: number[] = [];
  for (const title of titles) {
    const created = await page.request.post('/api/listings', {
      data: listingForm(title),
      headers: { origin },
    });
    expect(created.status(), await created.text()).toBe(201);
    ids.push(((await created.json()) as { id: number }).id);
  }

  await page.goto('/admin-image-upload');
  await expect(page.getByRole('heading', { name: 'Bulk IP image upload', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'CSV format' })).toBeVisible();
  const submit = page.getByRole('button', { name: 'Upload Images' });
  await expect(submit).toBeDisabled();
  await expectNoSeriousAxeViolations(page, 'the bulk image upload page');

  const csv = [
    'title,author,image_file,image_type',
    `${titles[0]},Ines Harrow,salt-cover.png,cover`,
    `${titles[1].toUpperCase()},ines harrow,glass-cover.png,cover`,
    `${titles[0]},Ines Harrow,salt-still.png,gallery`,
    `No Such Title ${suffix},Nobody,salt-cover.png,cover`,
  ].join('\n');
  await page.getByLabel('CSV file').setInputFiles({
    name: 'covers.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await page.getByLabel('Images').setInputFiles([
    { name: 'salt-cover.png', mimeType: 'image/png', buffer: await png('#7a3b2e') },
    { name: 'glass-cover.png', mimeType: 'image/png', buffer: await png('#2e5a7a') },
    { name: 'salt-still.png', mimeType: 'image/png', buffer: await png('#3b7a2e') },
  ]);
  await expect(page.getByText('3 images chosen')).toBeVisible();
  await submit.click();

  await expect(page.getByText('Upload complete!')).toBeVisible();
  await expect(page.getByText('Successfully uploaded 3 images out of 4')).toBeVisible();
  const results = page.getByRole('table', { name: 'Upload result by CSV row' });
  await expect(results.getByRole('row')).toHaveCount(5);
  await expect(results.getByRole('row').filter({ hasText: 'No Such Title' })).toContainText(
    'No listing',
  );
  for (const title of titles) {
    const cover = results.getByRole('img', { name: `New cover of ${title}`, exact: false });
    await expect(cover.first()).toBeVisible();
    // The thumbnail is the stored WebP, really loaded.
    await expect
      .poll(() => cover.first().evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
  }
  await takeScreenshot('01-upload-result');
  await expectNoSeriousAxeViolations(page, 'the upload result');

  // The listing's own page shows its new cover.
  await results.getByRole('link', { name: titles[1], exact: false }).first().click();
  await expect(page).toHaveURL(new RegExp(`/listings/${ids[1]}$`));
  await expect(page.getByRole('heading', { name: titles[1], level: 1 })).toBeVisible();
  const shown = await page.request.get(`/api/listings/${ids[1]}`);
  const coverUrl = ((await shown.json()) as { coverImageUrl: string }).coverImageUrl;
  expect(coverUrl).toMatch(/^\/uploads\/listing-images\/.+\.webp$/);
  await expect(page.locator(`img[src="${coverUrl}"]`).first()).toBeVisible();

  // The analytics: charts, each with its table and a CSV download.
  await page.goto('/admin/analytics');
  await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
  for (const panel of ['Users by role', 'Listings by medium', 'Listings by status']) {
    await expect(page.getByRole('region', { name: `${panel}: figures` })).toBeVisible();
    await expect(page.getByRole('button', { name: `Download CSV: ${panel}` })).toBeVisible();
  }
  await expect(page.locator('.recharts-surface').first()).toBeVisible();
  const usersTable = page.getByRole('table', { name: 'Users by role' });
  await expect(usersTable.getByRole('row', { name: /Admin/ })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV: Listings by medium' }).click();
  expect((await download).suggestedFilename()).toBe('listings-by-medium.csv');
  await page.getByLabel('Time series by').selectOption('week');
  await expect(page).toHaveURL(/interval=week/);
  await expect(page.getByText(/Sign-ups by week|Nobody signed up/).first()).toBeVisible();
  await takeScreenshot('02-analytics');
  await expectNoSeriousAxeViolations(page, 'the admin analytics page');
});
