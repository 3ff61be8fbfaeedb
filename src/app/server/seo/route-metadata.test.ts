import { describe, expect, it } from 'vitest';
import { parseId } from '@/shared/ids';
import { paths } from '@/shared/paths';
import {
  homeMetadata,
  listingMetadata,
  privateRoutePrefixes,
  resolvePage,
  summarise,
  type PageMetadata,
} from './route-metadata';

function pageAt(pathname: string): PageMetadata {
  const page = resolvePage(pathname);
  if (page.kind !== 'page') throw new Error(`${pathname} is not a page: ${page.kind}`);
  return page.metadata;
}

/** The spec's metadata list (part 1, "Route guard"), listing pages aside. */
const SPEC_ROUTES = [
  '/listings',
  '/auth',
  '/ai-recommendations',
  '/commercial-analysis',
  '/producer-dashboard',
  '/agent-dashboard',
  '/forum',
  '/upgrade',
  '/terms-of-use',
  '/privacy-policy',
  '/cookie-policy',
  '/disclaimer',
];

describe('[PLATFORM] route metadata', () => {
  it('gives every route of the spec its own title and description', () => {
    const titles = new Set<string>([homeMetadata.title]);
    for (const route of SPEC_ROUTES) {
      const metadata = pageAt(route);
      expect(metadata.title).toMatch(/\| PageToScreen$/);
      expect(titles.has(metadata.title), `${route} repeats a title`).toBe(false);
      titles.add(metadata.title);
      expect(metadata.canonicalPath).toBe(route);
    }
  });

  it('knows the pages of the option after signature, so a direct load is a page, not a 404 (issue 34)', () => {
    expect(pageAt('/deals/12/timeline').title).toBe('Deal Timeline | PageToScreen');
    expect(pageAt('/admin/options').title).toMatch(/Options Awaiting Payment/);
  });

  it('keeps every description to a search-result snippet and every page keyworded', () => {
    for (const value of Object.values(paths)) {
      const pathname = typeof value === 'function' ? value('7') : value;
      const page = resolvePage(pathname);
      if (page.kind !== 'page') continue;
      expect(page.metadata.description.length, pathname).toBeLessThanOrEqual(160);
      expect(page.metadata.description.length, pathname).toBeGreaterThan(20);
      expect(page.metadata.keywords.length, pathname).toBeGreaterThan(0);
    }
  });

  it('uses the home metadata for the home page', () => {
    expect(pageAt('/')).toEqual(homeMetadata);
    expect(homeMetadata.canonicalPath).toBe('/');
  });

  it('recognises every SPA route, with or without a trailing slash', () => {
    expect(pageAt('/join-pagetoscreen').title).toContain('Join PageToScreen');
    expect(pageAt('/listings/').canonicalPath).toBe('/listings');
    expect(pageAt('/submit-offer/12').canonicalPath).toBe('/submit-offer/12');
    expect(pageAt('/admin/comments').isPrivate).toBe(true);
    expect(resolvePage('/listings/12')).toEqual({ kind: 'listing', listingId: 12 });
    expect(resolvePage('/listing/12/')).toEqual({ kind: 'listing', listingId: 12 });
    expect(resolvePage('/listing/twelve')).toEqual({ kind: 'listing', listingId: null });
    expect(resolvePage('/nowhere')).toEqual({ kind: 'unknown' });
    expect(resolvePage('/listings/12/extra')).toEqual({ kind: 'unknown' });
  });

  it('points aliases at their main page', () => {
    expect(pageAt('/terms').canonicalPath).toBe('/terms-of-use');
    expect(pageAt('/privacy').canonicalPath).toBe('/privacy-policy');
    expect(pageAt('/login').canonicalPath).toBe('/auth');
  });

  it('accepts only listing numbers Postgres can hold', () => {
    expect(parseId('42')).toBe(42);
    expect(parseId('0')).toBeNull();
    expect(parseId('2147483648')).toBeNull();
    expect(parseId('4e2')).toBeNull();
  });

  it('builds a listing page from its title, author, description and cover', () => {
    const metadata = listingMetadata(
      {
        title: 'Winter Orchard',
        author: 'Ada Finch',
        description: 'A  short\ndescription.',
        coverImageUrl: '/images/covers/3.svg',
      },
      3,
    );
    expect(metadata).toMatchObject({
      title: 'Winter Orchard by Ada Finch | PageToScreen',
      description: 'A short description.',
      canonicalPath: '/listing/3',
      image: '/images/covers/3.png',
      ogType: 'article',
    });
    expect(metadata.keywords).toContain('Ada Finch');
  });

  it('trims long descriptions at a word boundary', () => {
    const text = 'word '.repeat(60);
    const summary = summarise(text);
    expect(summary.length).toBeLessThanOrEqual(160);
    expect(summary.endsWith('word…')).toBe(true);
    expect(summarise('Short and sweet.')).toBe('Short and sweet.');
  });

  it('lists the private areas for robots.txt', () => {
    const prefixes = privateRoutePrefixes();
    expect(prefixes).toEqual(
      expect.arrayContaining([
        '/producer-dashboard',
        '/agent-dashboard',
        '/admin-dashboard',
        '/admin/',
        '/profile',
        '/submit-offer/',
      ]),
    );
    expect(prefixes).not.toContain('/listings');
  });
});
