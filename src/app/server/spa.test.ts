import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../../tests/helpers/test-app';
import { listings } from '@/domains/listings/server/listings.tables';

const FAKE_INDEX = `<!doctype html>
<html lang="en-GB">
  <head>
    <meta charset="UTF-8" />
    <!--app-head-->
    <title>PageToScreen</title>
    <script type="module" crossorigin src="/assets/app-abc123.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;

function fakeWebRoot(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'pts-web-'));
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(path.join(root, 'index.html'), FAKE_INDEX);
  writeFileSync(path.join(root, 'assets', 'app-abc123.js'), 'console.log("app");\n');
  writeFileSync(path.join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return root;
}

/** The content of <meta name|property="key">, HTML entities left as they are. */
function metaContent(html: string, key: string): string | undefined {
  const match = new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)" />`).exec(html);
  return match?.[1];
}

function titleOf(html: string): string | undefined {
  return /<title>([^<]*)<\/title>/.exec(html)?.[1];
}

describe('[PLATFORM] built SPA with server-side page metadata', () => {
  let t: TestApp;
  let listingId: number;

  beforeAll(async () => {
    t = await createTestApp({ serveWeb: true, webRoot: fakeWebRoot() });
    const [row] = await t.db
      .insert(listings)
      .values({
        title: 'The Salt Road',
        author: 'Imogen Hale',
        description: `A smuggler's daughter crosses the Cornish moors in 1790. ${'The tide will not wait for anyone. '.repeat(10)}`,
        coverImageUrl: '/images/covers/1.svg',
      })
      .returning({ id: listings.id });
    listingId = row.id;
  });
  afterAll(() => t.close());

  it("puts a listing's own title, description and cover in the page a link preview reads", async () => {
    const response = await t.request({ method: 'GET', url: `/listing/${listingId}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    const html = response.body;
    expect(titleOf(html)).toBe('The Salt Road by Imogen Hale | PageToScreen');
    expect(metaContent(html, 'og:title')).toBe('The Salt Road by Imogen Hale | PageToScreen');
    expect(metaContent(html, 'twitter:title')).toBe('The Salt Road by Imogen Hale | PageToScreen');
    const description = metaContent(html, 'description') ?? '';
    expect(description.startsWith('A smuggler&#39;s daughter crosses the Cornish moors')).toBe(
      true,
    );
    expect(description.length).toBeLessThanOrEqual(170);
    expect(description.endsWith('…')).toBe(true);
    expect(metaContent(html, 'og:image')).toBe(`${TEST_ORIGIN}/images/covers/1.png`);
    expect(metaContent(html, 'og:url')).toBe(`${TEST_ORIGIN}/listing/${listingId}`);
    expect(html).toContain(`<link rel="canonical" href="${TEST_ORIGIN}/listing/${listingId}" />`);
    // The placeholder title and the marker are gone; the app's script stays.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).not.toContain('<!--app-head-->');
    expect(html).toContain('src="/assets/app-abc123.js"');
  });

  it('tells nothing of a draft or a withdrawn listing: 404 and the home page head', async () => {
    const hidden = await t.db
      .insert(listings)
      .values([
        { title: 'Unannounced Draft', author: 'Secret Author', status: 'draft' },
        { title: 'Suspended Agent Title', author: 'Hidden Writer', status: 'withdrawn' },
      ])
      .returning({ id: listings.id });
    for (const { id } of hidden) {
      for (const url of [`/listing/${id}`, `/listings/${id}`]) {
        const response = await t.request({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
        expect(titleOf(response.body)).toBe(
          'PageToScreen | Film &amp; TV Adaptation Rights Marketplace',
        );
        for (const secret of ['Unannounced', 'Secret Author', 'Suspended Agent', 'Hidden Writer']) {
          expect(response.body).not.toContain(secret);
        }
      }
    }
  });

  it('answers the /listings/{id} share link the same way', async () => {
    const response = await t.request({ method: 'GET', url: `/listings/${listingId}?ref=share` });
    expect(response.statusCode).toBe(200);
    expect(metaContent(response.body, 'og:title')).toBe(
      'The Salt Road by Imogen Hale | PageToScreen',
    );
  });

  it('gives the home page its metadata, social tags and canonical link', async () => {
    const response = await t.request({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(titleOf(html)).toBe('PageToScreen | Film &amp; TV Adaptation Rights Marketplace');
    expect(metaContent(html, 'description')).toMatch(/literary agents/);
    expect(metaContent(html, 'keywords')).toContain('adaptation rights');
    expect(metaContent(html, 'og:type')).toBe('website');
    expect(metaContent(html, 'og:site_name')).toBe('PageToScreen');
    expect(metaContent(html, 'og:image')).toBe(`${TEST_ORIGIN}/og-image.png`);
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(html, 'twitter:image')).toBe(`${TEST_ORIGIN}/og-image.png`);
    expect(html).toContain(`<link rel="canonical" href="${TEST_ORIGIN}/" />`);
  });

  it.each([
    ['/listings', 'Browse IP Catalogue | PageToScreen'],
    ['/auth', 'Log In or Join | PageToScreen'],
    ['/forum', 'Community Forum | PageToScreen'],
    ['/terms-of-use', 'Terms of Use | PageToScreen'],
  ])('answers the known route %s with 200 and its own title', async (url, title) => {
    const response = await t.request({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(titleOf(response.body)).toBe(title);
  });

  it('points a legal alias at the main page as canonical', async () => {
    const response = await t.request({ method: 'GET', url: '/privacy' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(
      `<link rel="canonical" href="${TEST_ORIGIN}/privacy-policy" />`,
    );
  });

  it('keeps private pages out of search results', async () => {
    const response = await t.request({ method: 'GET', url: '/producer-dashboard' });
    expect(response.statusCode).toBe(200);
    expect(metaContent(response.body, 'robots')).toBe('noindex, nofollow');
  });

  it('serves unknown routes the home metadata with status 404', async () => {
    const response = await t.request({ method: 'GET', url: '/no-such-page' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('text/html');
    expect(titleOf(response.body)).toBe(
      'PageToScreen | Film &amp; TV Adaptation Rights Marketplace',
    );
  });

  it.each(['/listing/999999', '/listing/abc', '/listings/99999999999'])(
    'answers the missing listing %s with 404 and home metadata',
    async (url) => {
      const response = await t.request({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(titleOf(response.body)).toBe(
        'PageToScreen | Film &amp; TV Adaptation Rights Marketplace',
      );
    },
  );

  it('keeps the JSON 404 for unknown API routes', async () => {
    const response = await t.request({ method: 'GET', url: '/api/unknown' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      message: 'Route GET /api/unknown not found',
      code: 'NOT_FOUND',
    });
  });

  it('answers a missing file with 404 rather than the page', async () => {
    const response = await t.request({ method: 'GET', url: '/assets/missing-123.js' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
  });

  it('caches hashed assets for a year and other files briefly', async () => {
    const asset = await t.request({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toContain('javascript');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.body).toContain('console.log');

    const favicon = await t.request({ method: 'GET', url: '/favicon.svg' });
    expect(favicon.statusCode).toBe(200);
    expect(favicon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('never serves the raw index.html template', async () => {
    const response = await t.request({ method: 'GET', url: '/index.html' });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/');
  });

  it('escapes a listing title with markup and quotes', async () => {
    const [row] = await t.db
      .insert(listings)
      .values({ title: `<script>alert("x")</script> & 'Co'`, author: 'O"Brien' })
      .returning({ id: listings.id });
    const response = await t.request({ method: 'GET', url: `/listing/${row.id}` });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).not.toContain('<script>alert');
    const escaped =
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Co&#39; by O&quot;Brien | PageToScreen';
    expect(titleOf(html)).toBe(escaped);
    expect(metaContent(html, 'og:title')).toBe(escaped);
    // No description: a sentence built from the title and author, escaped too.
    expect(metaContent(html, 'description')).toContain('&lt;script&gt;');
  });

  it('publishes robots.txt with the private areas and the sitemap', async () => {
    const response = await t.request({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const lines = response.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Disallow: /api/');
    expect(lines).toContain('Disallow: /producer-dashboard');
    expect(lines).toContain('Disallow: /agent-dashboard');
    expect(lines).toContain('Disallow: /profile');
    expect(lines).toContain(`Sitemap: ${TEST_ORIGIN}/sitemap.xml`);
  });

  it('lists public pages and every listing in sitemap.xml', async () => {
    const response = await t.request({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/xml');
    const xml = response.body;
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain(`<loc>${TEST_ORIGIN}/</loc>`);
    expect(xml).toContain(`<loc>${TEST_ORIGIN}/join-pagetoscreen</loc>`);
    expect(xml).toContain(`<loc>${TEST_ORIGIN}/privacy-policy</loc>`);
    expect(xml).toMatch(
      new RegExp(
        `<url><loc>${TEST_ORIGIN}/listing/${listingId}</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT`,
      ),
    );
    expect(xml).not.toContain('/producer-dashboard');
  });

  it('serves the default share image as a PNG', async () => {
    const response = await t.request({ method: 'GET', url: '/og-image.png' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });
});

describe('[PLATFORM] server started without a built web app', () => {
  let t: TestApp;
  beforeAll(async () => {
    const emptyRoot = mkdtempSync(path.join(os.tmpdir(), 'pts-web-empty-'));
    t = await createTestApp({ serveWeb: true, webRoot: path.join(emptyRoot, 'missing') });
  });
  afterAll(() => t.close());

  it('starts, answers pages with 503 and says how to build', async () => {
    const response = await t.request({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain('npm run build');
  });

  it('keeps the API working', async () => {
    const health = await t.request({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    const unknown = await t.request({ method: 'GET', url: '/api/unknown' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
