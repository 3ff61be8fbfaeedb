import { FakeGoogleBooks } from '../helpers/fake-google-books';
import { FakeX } from '../helpers/fake-x';
import { FakeYouTube } from '../helpers/fake-youtube';
import { spawn } from 'node:child_process';
import { expect, test, demoAccounts, DEMO_PASSWORD } from './helpers/journey';

// The e2e server points its enrichment services at these ports (tests/e2e/start-server.mjs).
const fakesPort = Number(
  process.env.E2E_ENRICHMENT_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 30,
);
const books = new FakeGoogleBooks([]);
const youtube = new FakeYouTube();
const x = new FakeX();

test.beforeAll(async () => {
  await Promise.all([books.start(fakesPort), youtube.start(fakesPort + 1), x.start(fakesPort + 2)]);
});
test.afterAll(async () => {
  await Promise.all([books.stop(), youtube.stop(), x.stop()]);
});

/**
 * A second app server of this run's own, without enrichment keys (E2E_ENRICHMENT=off in
 * start-server.mjs) and a small demo catalogue, on its own port; resolves once it is healthy.
 */
async function startKeylessServer(port: number): Promise<{ url: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['tests/e2e/start-server.mjs'], {
    stdio: 'ignore',
    env: {
      ...process.env,
      E2E_PORT: String(port),
      E2E_ENRICHMENT: 'off',
      E2E_SEED_LISTINGS: '60',
    },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    const healthy = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (child.exitCode !== null) throw new Error('the keyless server stopped while starting');
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error('the keyless server did not become healthy in 90 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

interface BookListing {
  id: number;
  title: string;
  author: string;
}

test('[ADMIN] the demo admin runs a video batch to Complete, sees an X batch wait out its rate limit and resume, and applies a Google Books cover and page count', async ({
  page,
  login,
  takeScreenshot,
  allowConsoleError,
}) => {
  test.setTimeout(180_000);
  await login(page, demoAccounts.admin);

  // Video: a batch of 5 (the default), worked by the job one request a second.
  await page.goto('/admin/youtube');
  await expect(page.getByRole('heading', { name: 'YouTube enrichment', level: 1 })).toBeVisible();
  await expect(page.getByRole('spinbutton', { name: 'Batch size' })).toHaveValue('5');
  await page.getByRole('button', { name: 'Run enrichment' }).click();
  await expect(page.getByText('Enrichment started')).toBeVisible();
  // One run per service at a time: a second batch meanwhile is refused (409), and said so.
  allowConsoleError(/409/);
  await page.getByRole('button', { name: 'Run enrichment' }).click();
  await expect(page.getByText('Enrichment Failed', { exact: true })).toBeVisible();
  await expect(page.getByText('A YouTube enrichment run is already in progress')).toBeVisible();
  const videoRun = page.getByRole('progressbar', { name: /Batch of 5/ });
  await expect(videoRun).toHaveAttribute('aria-valuenow', '100', { timeout: 60_000 });
  await expect(videoRun).toHaveAttribute('aria-valuetext', '100% Complete');
  await expect(page.getByRole('row')).toHaveCount(6);
  await expect(page.getByText('Done', { exact: true })).toBeVisible();
  await takeScreenshot('youtube-batch-complete');

  // X: the first request meets the rate limit; the run waits for the reset, then resumes.
  x.fail({ kind: 'rateLimit', resetAt: new Date(Date.now() + 12_000) });
  await page.goto('/admin/twitter');
  await expect(page.getByRole('heading', { name: 'X enrichment', level: 1 })).toBeVisible();
  await page.getByRole('spinbutton', { name: 'Batch size' }).fill('2');
  await page.getByRole('button', { name: 'Run enrichment' }).click();
  await expect(page.getByText('Waiting for quota', { exact: true })).toBeVisible();
  await expect(page.getByText(/the run resumes by itself at/)).toBeVisible();
  await takeScreenshot('twitter-waiting-for-quota');
  const socialRun = page.getByRole('progressbar', { name: /Batch of 2/ });
  await expect(socialRun).toHaveAttribute('aria-valuenow', '100', { timeout: 90_000 });
  await expect(page.getByText('Done', { exact: true })).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(3);
  await takeScreenshot('twitter-batch-resumed-and-complete');

  // Books: a demo book listing, found in Google Books (the fake), cover and page count applied.
  const answer = await page.request.get('/api/google-books/listings?page=1');
  expect(answer.ok(), await answer.text()).toBe(true);
  const [listing] = ((await answer.json()) as { listings: BookListing[] }).listings;
  books.add({
    id: 'vol-e2e-demo',
    title: listing.title,
    authors: [listing.author],
    pageCount: 417,
    publisher: 'Harbour Press',
    publishedDate: '2020-03-05',
    categories: ['Fiction / Thrillers / General'],
    averageRating: 4.1,
    ratingsCount: 950,
  });
  await page.goto('/data-enrichment');
  await expect(page.getByRole('heading', { name: 'Book enrichment', level: 1 })).toBeVisible();
  await page
    .getByRole('searchbox', { name: 'Search book listings by title or author' })
    .fill(listing.title);
  await page.getByRole('button', { name: 'Search listings' }).click();
  await page
    .getByRole('list', { name: 'Book listings' })
    .getByRole('button', { name: new RegExp(`#${listing.id}\\b`) })
    .click();
  await page.getByRole('searchbox', { name: 'Title, author or ISBN' }).fill(listing.title);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const results = page.getByRole('list', { name: 'Google Books results' });
  await expect(results.getByText(listing.title)).toBeVisible();
  await results.getByRole('button', { name: 'Use this book' }).first().click();
  await expect(page.getByText(/Confidence \d+%/)).toBeVisible();
  await page.getByRole('checkbox', { name: /^Cover/ }).check();
  await page.getByRole('checkbox', { name: /^Page count/ }).check();
  await page.getByRole('button', { name: 'Apply selected' }).click();
  await expect(page.getByText('Updated: Cover, Page count')).toBeVisible();
  await takeScreenshot('book-enrichment-applied');

  await page.goto(`/listings/${listing.id}`);
  await expect(page.getByRole('heading', { name: listing.title, level: 1 })).toBeVisible();
  const pages = page.locator('dl div').filter({ has: page.getByText('Pages', { exact: true }) });
  await expect(pages.locator('dd')).toHaveText('417');
  await expect(page.getByRole('img', { name: `Cover of ${listing.title}` })).toHaveAttribute(
    'src',
    /^\/uploads\/listing-images\/[\w-]+\.webp$/,
  );
  await takeScreenshot('listing-shows-enrichment');
});

test('[ADMIN] without keys, every enrichment screen says it is not configured and names the setting', async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const server = await startKeylessServer(fakesPort + 10);
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  const origin = server.url;
  try {
    const signedIn = await page.request.post('/api/auth/login', {
      data: { email: demoAccounts.admin, password: DEMO_PASSWORD },
      headers: { origin },
    });
    expect(signedIn.ok(), await signedIn.text()).toBe(true);
    for (const [path, service, setting] of [
      ['/admin/youtube', 'YouTube', 'YOUTUBE_API_KEY'],
      ['/admin/twitter', 'X', 'X_BEARER_TOKEN'],
      ['/data-enrichment', 'Google Books', 'GOOGLE_BOOKS_API_KEY'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByText(`${service} is not configured`)).toBeVisible();
      await expect(page.getByText(setting, { exact: true })).toBeVisible();
      if (path !== '/data-enrichment') {
        await expect(page.getByRole('button', { name: 'Run enrichment' })).toBeDisabled();
      }
    }
    const shot = testInfo.outputPath('book-enrichment-not-configured.png');
    await page.screenshot({ path: shot, fullPage: true });
    await testInfo.attach('book-enrichment-not-configured', {
      path: shot,
      contentType: 'image/png',
    });
    const refused = await page.request.post('/api/admin/enrich-youtube', {
      data: { batchSize: 5 },
      headers: { origin },
    });
    expect(refused.status()).toBe(409);
    expect(await refused.json()).toMatchObject({ setting: 'YOUTUBE_API_KEY' });
  } finally {
    await context.close();
    await server.stop();
  }
});
