import { describe, expect, it } from 'vitest';
import {
  MEDIUMS,
  PRICE_RANGES,
  RIGHTS,
  type PriceRange,
} from '@/domains/listings/listings.constants';
import { generateListing, type CatalogueContext, type SeedListing } from './generate-listing';
import { buildAgentUsers, buildDemoUsers, DEMO_EMAILS } from './demo-accounts';

function catalogue(count: number, firstId = 1): { rows: SeedListing[]; context: CatalogueContext } {
  const context: CatalogueContext = {
    count,
    agents: Array.from({ length: 40 }, (_, k) => ({ id: k + 10, fullName: `Agent ${k}` })),
    demoAgent: { id: 3, fullName: 'Priya Sharma' },
  };
  const rows = Array.from({ length: count }, (_, index) =>
    generateListing(index, firstId + index, context),
  );
  return { rows, context };
}

function priceBand(maxPence: number): PriceRange {
  const pounds = maxPence / 100;
  const entry = Object.entries(PRICE_RANGES).find(
    ([, range]) =>
      (range.min === null || pounds >= range.min) && (range.max === null || pounds < range.max),
  );
  return entry![0] as PriceRange;
}

describe('[CATALOGUE] demo catalogue generator', () => {
  const { rows } = catalogue(1200);

  it('gives the same listings for the same catalogue size', () => {
    const again = catalogue(1200).rows;
    expect(again.map((row) => row.title)).toEqual(rows.map((row) => row.title));
    expect(again[537]).toEqual(rows[537]);
  });

  it('keeps a listing the same whatever the catalogue size, apart from its owner', () => {
    const small = catalogue(100).rows;
    for (const index of [0, 17, 50, 99]) {
      expect(small[index].title).toBe(rows[index].title);
      expect(small[index].description).toBe(rows[index].description);
    }
  });

  it('does not repeat itself: titles and descriptions vary', () => {
    expect(new Set(rows.map((row) => row.title)).size).toBeGreaterThan(900);
    expect(new Set(rows.map((row) => row.description)).size).toBeGreaterThan(1100);
    expect(new Set(rows.map((row) => row.author)).size).toBeGreaterThan(800);
  });

  it('covers every medium, mostly books, and many genres', () => {
    const mediums = new Set(rows.map((row) => row.medium));
    expect([...mediums].sort()).toEqual([...MEDIUMS].sort());
    const books = rows.filter((row) => row.medium === 'book').length;
    expect(books / rows.length).toBeGreaterThan(0.45);
    expect(new Set(rows.map((row) => row.genre)).size).toBeGreaterThanOrEqual(15);
  });

  it('covers every medium even in a tiny catalogue', () => {
    const tiny = catalogue(20).rows;
    expect(new Set(tiny.map((row) => row.medium)).size).toBe(MEDIUMS.length);
    expect(new Set(tiny.map((row) => priceBand(row.suggestedOfferMax!))).size).toBe(4);
    expect(tiny.filter((row) => row.viabilityScore !== null)).toEqual([]);
  });

  it('puts the genre in the tags, with 2 to 6 tags per listing', () => {
    for (const row of rows) {
      expect(row.tags).toContain(row.genre);
      expect(row.tags.length).toBeGreaterThanOrEqual(2);
      expect(row.tags.length).toBeLessThanOrEqual(6);
      expect(new Set(row.tags).size).toBe(row.tags.length);
    }
  });

  it('prices in pence from £5,000 to £750,000 with every price band well populated', () => {
    const priced = rows.filter((row) => row.suggestedOfferMax !== null);
    expect(priced.length / rows.length).toBeGreaterThan(0.95);
    const counts = new Map<PriceRange, number>();
    for (const row of priced) {
      const min = row.suggestedOfferMin!;
      const max = row.suggestedOfferMax!;
      expect(Number.isInteger(min) && Number.isInteger(max)).toBe(true);
      expect(min).toBeGreaterThanOrEqual(5_000_00);
      expect(max).toBeLessThanOrEqual(750_000_00);
      expect(min).toBeLessThanOrEqual(max);
      expect(row.askingPrice).toBe(max);
      expect(row.minimumDeal).toBe(min);
      counts.set(priceBand(max), (counts.get(priceBand(max)) ?? 0) + 1);
    }
    for (const band of Object.keys(PRICE_RANGES) as PriceRange[]) {
      expect(counts.get(band) ?? 0, band).toBeGreaterThan(rows.length * 0.08);
    }
    expect(Math.min(...priced.map((row) => row.suggestedOfferMin!))).toBe(5_000_00);
  });

  it('stores no viability score: only the analysis engine writes one (issue 30)', () => {
    // A seeded number would disagree with the listing's analysis until the job reached it;
    // the bands the engine's scores fill are checked over the whole demo catalogue in
    // src/domains/analysis/server/demo-catalogue-scores.test.ts.
    expect(rows.filter((row) => row.viabilityScore !== null)).toEqual([]);
  });

  it('is mostly available, with some optioned and sold, and about 3% featured', () => {
    const share = (status: string) =>
      rows.filter((row) => row.status === status).length / rows.length;
    expect(share('available')).toBeGreaterThan(0.74);
    expect(share('available')).toBeLessThan(0.87);
    expect(share('optioned')).toBeGreaterThan(0.05);
    expect(share('sold')).toBeGreaterThan(0.02);
    const featured = rows.filter((row) => row.isFeatured);
    expect(featured.length / rows.length).toBeGreaterThan(0.015);
    expect(featured.length / rows.length).toBeLessThan(0.05);
    expect(featured.filter((row) => row.status === 'available').length).toBeGreaterThanOrEqual(6);
  });

  it('gives the demo agent at least 20 listings, most of them available', () => {
    for (const size of [30, 100, 1200]) {
      const owned = catalogue(size).rows.filter((row) => row.agentId === 3);
      expect(owned.length, `catalogue of ${size}`).toBeGreaterThanOrEqual(20);
      const available = owned.filter((row) => row.status === 'available').length;
      expect(available / owned.length).toBeGreaterThan(0.7);
      expect(owned.every((row) => row.agentName === 'Priya Sharma')).toBe(true);
    }
    const owners = new Set(rows.map((row) => row.agentId));
    expect(owners.size).toBe(41);
  });

  it('fills the detail and agent-form fields the way a real catalogue would', () => {
    const row = rows[100];
    expect(row.coverImageUrl).toBe('/images/covers/101.svg');
    expect(row.currency).toBe('GBP');
    expect(row.royaltyPercentage).toMatch(/^\d{1,2}\.\d$/);
    expect(row.mediumDetails).toMatchObject({
      commercialIndicators: {
        hasCommercialSales: expect.any(Boolean),
        marketPresence: expect.stringMatching(/^(high|medium|low)$/),
      },
    });
    for (const listing of rows) {
      expect(listing.logline!.length).toBeLessThanOrEqual(300);
      expect(listing.authorBio!.length).toBeLessThanOrEqual(1000);
      expect(listing.rightsAvailable.length).toBeGreaterThan(0);
      expect(
        listing.rightsAvailable.every((right) => (RIGHTS as readonly string[]).includes(right)),
      ).toBe(true);
      expect(listing.territory.length).toBeGreaterThan(0);
      if (listing.synopsis !== null) expect(listing.synopsis.length).toBeGreaterThanOrEqual(50);
      expect(listing.createdAt.getTime()).toBeLessThanOrEqual(listing.updatedAt.getTime());
    }
    const synopsesMissing = rows.filter((listing) => listing.synopsis === null).length;
    expect(synopsesMissing).toBeGreaterThan(0);
    expect(synopsesMissing).toBeLessThan(rows.length * 0.2);
    expect(rows.filter((listing) => listing.pages !== null).length).toBeGreaterThan(
      rows.length * 0.7,
    );
    expect(rows.filter((listing) => listing.publishDate !== null).length).toBeGreaterThan(
      rows.length * 0.7,
    );
    expect(rows.filter((listing) => listing.galleryImages.length > 0).length).toBeGreaterThan(100);
    expect(rows.filter((listing) => listing.twitterMentions !== null).length).toBeGreaterThan(1000);
    const isbns = rows.flatMap((listing) => (listing.isbn ? [listing.isbn.replace(/-/g, '')] : []));
    expect(isbns.length).toBeGreaterThan(300);
    for (const isbn of isbns) {
      const sum = [...isbn].reduce((acc, digit, i) => acc + Number(digit) * (i % 2 ? 3 : 1), 0);
      expect(sum % 10).toBe(0);
    }
  });
});

describe('[ACCOUNTS] demo people', () => {
  it('builds the four demo accounts with their roles and tiers, all verified', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const demo = buildDemoUsers('hash', now);
    const byEmail = new Map(demo.map((user) => [user.email, user]));
    expect(byEmail.get(DEMO_EMAILS.producer)).toMatchObject({
      role: 'producer',
      membershipTier: 'free',
    });
    expect(byEmail.get(DEMO_EMAILS.premium)).toMatchObject({
      role: 'producer',
      membershipTier: 'premium',
    });
    expect(byEmail.get(DEMO_EMAILS.premium)!.premiumExpiresAt!.getTime()).toBeGreaterThan(
      now.getTime() + 364 * 24 * 3600 * 1000,
    );
    expect(byEmail.get(DEMO_EMAILS.agent)).toMatchObject({
      role: 'agent',
      agentVerificationStatus: 'approved',
    });
    expect(byEmail.get(DEMO_EMAILS.admin)).toMatchObject({ role: 'admin' });
    for (const user of demo) {
      expect(user.emailVerifiedAt).toBeInstanceOf(Date);
      expect(user.profileCompletedAt).toBeInstanceOf(Date);
      expect(user.username).toBeTruthy();
      expect(user.passwordHash).toBe('hash');
    }
  });

  it('builds 40 distinct approved agents spread over the agencies', () => {
    const agents = buildAgentUsers('unusable');
    expect(agents).toHaveLength(40);
    expect(new Set(agents.map((agent) => agent.email)).size).toBe(40);
    expect(new Set(agents.map((agent) => agent.username)).size).toBe(40);
    expect(new Set(agents.map((agent) => agent.companyName)).size).toBeGreaterThanOrEqual(15);
    for (const agent of agents) {
      expect(agent).toMatchObject({ role: 'agent', agentVerificationStatus: 'approved' });
      expect(agent.agencyWebsite).toMatch(/^https:\/\/www\.[a-z]+\.example$/);
      expect(agent.emailVerifiedAt).toBeInstanceOf(Date);
    }
  });
});
