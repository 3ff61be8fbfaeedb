import { test, expect, demoAccounts } from './fixtures';

/** Decodes the entities an HTML serialiser uses in text and attribute values. */
function decodeHtml(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([\da-f]+);/gi, (_, code: string) => String.fromCodePoint(parseInt(code, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

test('[PLATFORM] a listing URL answers HTML whose title and og:title carry the listing title', async ({
  page,
  request,
  login,
  takeScreenshot,
}) => {
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.ok()).toBe(true);
  expect(await sitemap.text()).toMatch(/<loc>[^<]*\/listings?\/\d+<\/loc>/);

  const featured = await request.get('/api/listings/featured');
  expect(featured.ok()).toBe(true);
  const [listing] = (await featured.json()) as Array<{ id: number; title: string }>;
  expect(listing, 'the demo catalogue has featured listings').toBeTruthy();

  // What a crawler or link preview sees: the server-rendered head, no JavaScript run.
  const response = await request.get(`/listing/${listing.id}`);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('text/html');
  const html = await response.text();
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
  const ogTitle =
    /<meta\s+property="og:title"\s+content="([^"]*)"/.exec(html)?.[1] ??
    /<meta\s+content="([^"]*)"\s+property="og:title"/.exec(html)?.[1];
  expect(decodeHtml(title ?? '')).toContain(listing.title);
  expect(decodeHtml(ogTitle ?? '')).toContain(listing.title);

  // And the page itself, as a premium producer (no monthly view limit) sees it.
  await login(page, demoAccounts.premium);
  await page.goto(`/listing/${listing.id}`);
  await expect(page.getByRole('heading', { name: listing.title })).toBeVisible();
  await takeScreenshot('listing-page');
});
