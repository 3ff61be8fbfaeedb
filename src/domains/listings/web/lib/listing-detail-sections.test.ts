import { describe, expect, it } from 'vitest';
import type { ListingDetail } from '../../listings.schema';
import {
  commercialTerms,
  formatPublicationDate,
  listingDetailSections,
  publishedDate,
} from './listing-detail-sections';

/** A listing with only the required fields, as an agent who filled nothing else leaves it. */
const bare: ListingDetail = {
  id: 7,
  title: 'Tidewater',
  author: 'Morwenna Price',
  description: null,
  category: 'Fiction',
  genre: null,
  tags: [],
  medium: 'book',
  format: null,
  status: 'available',
  isFeatured: false,
  coverImageUrl: null,
  suggestedOfferMin: '40000.00',
  suggestedOfferMax: '90000.00',
  viabilityScore: null,
  pages: null,
  agentName: 'Ada Agent',
  createdAt: '2026-01-01T00:00:00.000Z',
  agentId: 3,
  synopsis: 'A ledger lost for sixty years.',
  logline: null,
  subcategory: null,
  contentType: 'book',
  galleryImages: [],
  publishDate: null,
  publisher: null,
  publicationStatus: null,
  isbn: null,
  edition: null,
  wordCount: null,
  rightsStatus: null,
  authorBio: null,
  targetAudience: null,
  contentRating: null,
  rightsAvailable: ['film'],
  territory: ['UK'],
  exclusivity: 'exclusive',
  previousAdaptations: false,
  adaptationDetails: null,
  askingPrice: '90000.00',
  minimumDeal: null,
  currency: 'GBP',
  royaltyPercentage: null,
  negotiable: true,
  salesFigures: null,
  awards: null,
  reviews: null,
  socialMediaPresence: null,
  attachedTalent: null,
  productionCompanyInterest: null,
  marketingMaterials: false,
  themes: [],
  keywords: [],
  comparableTitles: null,
  uniqueSellingPoints: null,
  targetDemographic: null,
  mediumDetails: null,
  twitterMentions: null,
  twitterBuzzScore: null,
  twitterHasVerifiedMentions: null,
  twitterPublisherPromotion: null,
  twitterBookClubMentions: null,
  youtubeTotalViews: null,
  youtubeVideoCount: null,
  youtubeAdaptationPotential: null,
  youtubePopularityScore: null,
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const full: ListingDetail = {
  ...bare,
  publisher: 'Harbour Press',
  publicationStatus: 'self-published',
  publishDate: '2024-03-14',
  isbn: '9780000000001',
  edition: 'Second',
  wordCount: 92000,
  contentRating: 'PG-13',
  targetAudience: 'Adult',
  authorBio: 'Morwenna Price grew up in Falmouth.',
  salesFigures: '40,000 copies in the UK',
  awards: 'Costa shortlist 2024',
  reviews: '“Salt-stung and tender” — The Guardian',
  attachedTalent: 'Director: Jo Hale (in talks)',
  productionCompanyInterest: 'Two UK indies have asked for the manuscript',
  comparableTitles: 'Broadchurch; The Essex Serpent',
  uniqueSellingPoints: 'A true wreck, a real ledger',
  marketingMaterials: true,
  previousAdaptations: true,
  adaptationDetails: 'BBC Radio 4 reading, 2025',
  themes: ['memory', 'the sea'],
  keywords: ['Cornwall'],
  targetDemographic: { ageRange: '35-60', gender: 'All', interests: ['coastal drama'] },
  minimumDeal: '40000.00',
  royaltyPercentage: '2.5',
  negotiable: false,
};

const byTitle = (listing: ListingDetail) =>
  Object.fromEntries(
    listingDetailSections(listing).map((section) => [
      section.title,
      Object.fromEntries(section.fields.map((field) => [field.label, field.value])),
    ]),
  );

describe('the listing page’s sections', () => {
  it('shows every field the agent filled, in sections', () => {
    expect(byTitle(full)).toEqual({
      'About the Author': { 'Author biography': 'Morwenna Price grew up in Falmouth.' },
      Publication: {
        'Content type': 'Book',
        'Publication status': 'Self-published',
        Publisher: 'Harbour Press',
        Edition: 'Second',
        ISBN: '9780000000001',
        'Word count': '92,000',
        'Content rating': 'PG-13',
        'Target audience': 'Adult',
      },
      'Market and Reception': {
        'Sales figures': '40,000 copies in the UK',
        Awards: 'Costa shortlist 2024',
        Reviews: '“Salt-stung and tender” — The Guardian',
      },
      'Adaptation Potential': {
        'Unique selling points': 'A true wreck, a real ledger',
        'Comparable titles': 'Broadchurch; The Essex Serpent',
        'Attached talent': 'Director: Jo Hale (in talks)',
        'Production company interest': 'Two UK indies have asked for the manuscript',
        'Previous adaptations': 'BBC Radio 4 reading, 2025',
        'Marketing materials': 'Available from the agent',
      },
      'Audience and Themes': {
        Themes: ['memory', 'the sea'],
        Keywords: ['Cornwall'],
        'Age range': '35-60',
        Gender: 'All',
        Interests: ['coastal drama'],
      },
    });
    expect(commercialTerms(full)).toEqual([
      { label: 'Asking price (GBP)', value: '£90,000' },
      { label: 'Minimum deal (GBP)', value: '£40,000' },
      { label: 'Royalty', value: '2.5%' },
      { label: 'Negotiable', value: 'No, terms are fixed' },
    ]);
  });

  it('shows nothing the agent left out, and no empty section', () => {
    expect(byTitle(bare)).toEqual({ Publication: { 'Content type': 'Book' } });
  });

  it('shows amounts in the listing’s own currency, not as pounds', () => {
    const dollars = commercialTerms({ ...bare, currency: 'USD', askingPrice: '120000.00' });
    expect(dollars[0]).toEqual({ label: 'Asking price (USD)', value: 'US$120,000' });
  });
});

describe('Published', () => {
  it('shows the agent’s publication date, else the one enrichment found, as precise as given', () => {
    expect(publishedDate(full)).toBe('14 March 2024');
    expect(publishedDate({ ...bare, mediumDetails: { publishedDate: '2004' } })).toBe('2004');
    expect(publishedDate({ ...bare, mediumDetails: { publishedDate: '2004-05' } })).toBe(
      'May 2004',
    );
    expect(publishedDate(bare)).toBeNull();
    expect(formatPublicationDate('not a date')).toBe('not a date');
  });
});
