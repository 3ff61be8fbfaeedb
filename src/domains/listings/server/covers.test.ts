import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { listings, type ListingRow } from './listings.tables';
import sharp from 'sharp';
import { COVER_SIZES, MEDIUMS } from '../listings.constants';
import { shareImageOf } from './rasterise-cover';
import { escapeXml, renderCover, wrapText } from './render-cover';

const base = { title: 'The Silent Ledger', author: 'Amelia Whitcombe', medium: 'book' };

/** The fill colours a cover uses, as a fingerprint of its palette. */
function colours(svg: string): string {
  return [...svg.matchAll(/#[0-9a-f]{6}/g)].map((m) => m[0]).join(',');
}

describe('[CATALOGUE] generated cover art', () => {
  it('draws a 400x600 SVG with the title, author and medium', () => {
    const svg = renderCover({ id: 7, ...base });
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toContain('width="400" height="600"');
    expect(svg).toContain('The Silent Ledger');
    expect(svg).toContain('Amelia Whitcombe');
    expect(svg).toContain('BOOK');
    expect(svg).toContain('aria-label="Cover of The Silent Ledger by Amelia Whitcombe"');
  });

  it('is the same every time for one listing and different between listings', () => {
    expect(renderCover({ id: 42, ...base })).toBe(renderCover({ id: 42, ...base }));
    const palettes = new Set(
      Array.from({ length: 200 }, (_, i) => colours(renderCover({ id: i + 1, ...base }))),
    );
    expect(palettes.size).toBe(200);
  });

  it('changes the palette for another variant (gallery images)', () => {
    const cover = renderCover({ id: 42, ...base });
    expect(renderCover({ id: 42, ...base, variant: 1 })).toBe(cover);
    expect(colours(renderCover({ id: 42, ...base, variant: 2 }))).not.toBe(colours(cover));
  });

  it('escapes markup in the title and author', () => {
    const svg = renderCover({
      id: 3,
      title: 'Tom & Jerry <script>alert("x")</script>',
      author: "O'Brien & Sons",
      medium: 'television',
    });
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('Tom &amp; Jerry');
    expect(svg).toContain('O&apos;Brien &amp; Sons');
    expect(svg).toContain('TELEVISION');
    expect(escapeXml('a<b>"c"\'d\'&')).toBe('a&lt;b&gt;&quot;c&quot;&apos;d&apos;&amp;');
  });

  it('wraps long titles onto lines and cuts off what does not fit', () => {
    expect(wrapText('The Curious Inheritance of Cinder Row', 14, 4)).toEqual([
      'The Curious',
      'Inheritance of',
      'Cinder Row',
    ]);
    const lines = wrapText('one two three four five six seven eight nine ten', 9, 2);
    expect(lines).toHaveLength(2);
    expect(lines[1].endsWith('…')).toBe(true);
    expect(wrapText('Supercalifragilistic', 8, 4)).toEqual(['Supercal', 'ifragili', 'stic']);
  });
});

describe('[CATALOGUE] covers in each medium’s proportion', () => {
  it('draws every medium at its own size: a jacket, a title page, a square tile', () => {
    for (const medium of MEDIUMS) {
      const svg = renderCover({ id: 5, ...base, medium });
      const { width, height } = COVER_SIZES[medium];
      expect(svg, medium).toContain(`viewBox="0 0 ${width} ${height}"`);
    }
    expect(COVER_SIZES.book).toEqual({ width: 400, height: 600 });
    expect(COVER_SIZES.podcast.width).toBe(COVER_SIZES.podcast.height);
  });

  it('gives a screenplay a title page: the title in capitals, Written by and the writer', () => {
    const svg = renderCover({
      id: 9,
      title: 'Low Tide',
      author: 'Mara Quinn',
      medium: 'screenplay',
    });
    expect(svg).toContain('>LOW TIDE<');
    expect(svg).toContain('>Written by<');
    expect(svg).toContain('>Mara Quinn<');
  });

  it('keeps a long title on a square cover to three lines, clear of the author', () => {
    const svg = renderCover({
      id: 11,
      title: 'The Remarkable and Entirely Unreliable Memoirs of a Lighthouse Keeper',
      author: 'Owen Price',
      medium: 'podcast',
    });
    const titleLines = [...svg.matchAll(/font-size="(?:26|32|38|46)" font-weight="700"/g)];
    expect(titleLines).toHaveLength(3);
  });

  it('points link previews at a raster image, never an SVG', () => {
    expect(shareImageOf('/images/covers/12.svg')).toBe('/images/covers/12.png');
    expect(shareImageOf('/uploads/listings/ab12.webp')).toBe('/uploads/listings/ab12.webp');
    expect(shareImageOf('https://cdn.example/art.svg')).toBeUndefined();
    expect(shareImageOf(null)).toBeUndefined();
  });
});

describe('[CATALOGUE] GET /images/covers/:id.svg', () => {
  let t: TestApp;
  let listing: ListingRow;

  beforeAll(async () => {
    t = await createTestApp();
    [listing] = await t.db
      .insert(listings)
      .values({ title: 'Salt & Iron', author: 'Rhys Vaughan', medium: 'comic' })
      .returning();
  }, 120_000);
  afterAll(() => t?.close());

  it('answers the listing’s cover as a cacheable SVG', async () => {
    const response = await t.request({ method: 'GET', url: `/images/covers/${listing.id}.svg` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    expect(response.body).toBe(
      renderCover({
        id: listing.id,
        title: 'Salt & Iron',
        author: 'Rhys Vaughan',
        medium: 'comic',
      }),
    );
    expect(response.body).toContain('Salt &amp; Iron');
  });

  it('answers a gallery variant with a different palette', async () => {
    const cover = await t.request({ method: 'GET', url: `/images/covers/${listing.id}.svg` });
    const variant = await t.request({
      method: 'GET',
      url: `/images/covers/${listing.id}.svg?variant=2`,
    });
    expect(variant.statusCode).toBe(200);
    expect(colours(variant.body)).not.toBe(colours(cover.body));
  });

  it('answers the cover as a PNG for link previews, in the cover’s proportion', async () => {
    const response = await t.request({ method: 'GET', url: `/images/covers/${listing.id}.png` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    const image = await sharp(response.rawPayload).metadata();
    expect(image.format).toBe('png');
    expect({ width: image.width, height: image.height }).toEqual({ width: 800, height: 1200 });
    const missing = await t.request({ method: 'GET', url: '/images/covers/987654.png' });
    expect(missing.statusCode).toBe(404);
  });

  it('answers 404 JSON for a listing that does not exist', async () => {
    const response = await t.request({ method: 'GET', url: '/images/covers/987654.svg' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Cover not found', code: 'NOT_FOUND' });
  });

  it('answers 404 for ids that cannot be listings', async () => {
    for (const url of [
      '/images/covers/0.svg',
      '/images/covers/-3.svg',
      '/images/covers/abc.svg',
      '/images/covers/99999999999.svg',
      `/images/covers/${listing.id}.svg?variant=zero`,
    ]) {
      const response = await t.request({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});
