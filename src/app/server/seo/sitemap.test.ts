import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../../../tests/helpers/test-app';
import { findSitemapChunks, listingsSitemap, needsSitemapIndex, sitemapIndex } from './sitemap';

async function collect(parts: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const part of parts) text += part;
  return text;
}

function listingIds(xml: string): number[] {
  return [...xml.matchAll(/\/listing\/(\d+)<\/loc><lastmod>[\dT:Z-]+<\/lastmod>/g)].map((m) =>
    Number(m[1]),
  );
}

// Chunks of 10 stand in for the 45,000 of production, so a large catalogue fits in a test.
const CHUNK = 10;

describe('[PLATFORM] sitemaps of a catalogue larger than one file', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ serveWeb: true });
    // 25 listings, then a gap: ids 26-30 are deleted, so file 3 holds only 21-25.
    await t.db.execute(sql`
      insert into listings (title, author)
      select 'Title ' || n, 'Author ' || n from generate_series(1, 35) as n`);
    await t.db.execute(sql`delete from listings where id between 26 and 30`);
  });
  afterAll(() => t.close());

  it('switches to an index only past one file of listings', async () => {
    expect(await needsSitemapIndex(t.db, CHUNK)).toBe(true);
    expect(await needsSitemapIndex(t.db, 30)).toBe(false);
    expect(await needsSitemapIndex(t.db, 29)).toBe(true);
  });

  it('lists one file per id range that holds listings', async () => {
    expect(await findSitemapChunks(t.db, CHUNK)).toEqual([1, 2, 3, 4]);
    await t.db.execute(sql`delete from listings where id between 11 and 20`);
    expect(await findSitemapChunks(t.db, CHUNK)).toEqual([1, 3, 4]);
    const index = sitemapIndex(TEST_ORIGIN, [1, 3, 4]);
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(index).toContain(`<sitemap><loc>${TEST_ORIGIN}/sitemap-pages.xml</loc></sitemap>`);
    expect(index).toContain(`<sitemap><loc>${TEST_ORIGIN}/sitemap-listings-3.xml</loc></sitemap>`);
    expect(index).not.toContain('sitemap-listings-2.xml');
  });

  it('puts each listing in exactly one file, in id order', async () => {
    const first = listingIds(await collect(listingsSitemap(t.db, TEST_ORIGIN, 1, CHUNK)));
    const third = listingIds(await collect(listingsSitemap(t.db, TEST_ORIGIN, 3, CHUNK)));
    const fourth = listingIds(await collect(listingsSitemap(t.db, TEST_ORIGIN, 4, CHUNK)));
    expect(first).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(third).toEqual([21, 22, 23, 24, 25]);
    expect(fourth).toEqual([31, 32, 33, 34, 35]);
  });

  it('leaves out listings off the market: drafts awaiting approval and withdrawn ones', async () => {
    await t.db.execute(sql`update listings set status = 'draft' where id = 32`);
    await t.db.execute(sql`update listings set status = 'withdrawn' where id = 33`);
    const fourth = listingIds(await collect(listingsSitemap(t.db, TEST_ORIGIN, 4, CHUNK)));
    expect(fourth).toEqual([31, 34, 35]);
    await t.db.execute(sql`update listings set status = 'available' where id in (32, 33)`);
  });

  it('serves a listing file and the pages file over HTTP', async () => {
    const listingsFile = await t.request({ method: 'GET', url: '/sitemap-listings-1.xml' });
    expect(listingsFile.statusCode).toBe(200);
    expect(listingsFile.headers['content-type']).toContain('application/xml');
    // Production files hold 45,000: all 20 remaining listings are in file 1.
    expect(listingIds(listingsFile.body)).toHaveLength(20);
    expect(listingsFile.body.trim().endsWith('</urlset>')).toBe(true);

    const pages = await t.request({ method: 'GET', url: '/sitemap-pages.xml' });
    expect(pages.statusCode).toBe(200);
    expect(pages.body).toContain(`<loc>${TEST_ORIGIN}/join-pagetoscreen</loc>`);
    expect(pages.body).toContain(`<loc>${TEST_ORIGIN}/cookie-policy</loc>`);
    expect(pages.body).not.toContain('/listing/');
  });

  it('answers 404 for a file name that is not a file number', async () => {
    for (const url of ['/sitemap-listings-0.xml', '/sitemap-listings-x.xml']) {
      const response = await t.request({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
    }
  });
});
