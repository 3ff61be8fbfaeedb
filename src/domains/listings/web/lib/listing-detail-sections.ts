import type { ListingDetail } from '../../listings.schema';
import { formatUkLongDate } from './listing-labels';

/** One line of a listing section: a label and what the agent entered (text, or a list). */
export interface DetailField {
  label: string;
  value: string | string[];
}

/** A titled group of the fields the agent filled; a section with none is left out. */
export interface DetailSection {
  title: string;
  fields: DetailField[];
}

const MONTH_YEAR = new Intl.DateTimeFormat('en-GB', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * A publication date as precise as it was given: '2004' stays '2004', '2004-05' reads
 * 'May 2004', a full date '1 May 2004'. Book enrichment often knows only the year, and
 * '1 January 2004' would claim a day nobody entered.
 */
export function formatPublicationDate(value: string | null | undefined): string | null {
  if (!value) return null;
  if (/^\d{4}$/.test(value)) return value;
  const month = /^(\d{4})-(\d{2})$/.exec(value);
  if (month) return MONTH_YEAR.format(new Date(Date.UTC(Number(month[1]), Number(month[2]) - 1)));
  return formatUkLongDate(value) ?? value;
}

/** The date the facts show as Published: the agent's, else the one book enrichment found. */
export function publishedDate(listing: ListingDetail): string | null {
  return formatPublicationDate(listing.publishDate ?? listing.mediumDetails?.publishedDate);
}

const PUBLICATION_STATUS_LABELS: Record<string, string> = {
  published: 'Published',
  unpublished: 'Unpublished',
  'self-published': 'Self-published',
  'in-production': 'In production',
  completed: 'Completed',
};

/** 'script' → 'Script': the form's values as words. */
const capitalise = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/** An amount in the listing's own currency ("90000.00", 'USD' → "US$90,000"). */
export function formatAmount(amount: string | null, currency: string): string | null {
  if (amount === null) return null;
  const value = Number(amount);
  if (!Number.isFinite(value)) return null;
  return new Intl.NumberFormat('en-GB', {
    style: 'currency',
    currency,
    maximumFractionDigits: Number.isInteger(value) ? 0 : 2,
  }).format(value);
}

type Entry = [label: string, value: string | string[] | null | undefined];

/** The entries that hold something: blank text and empty lists are what the agent left out. */
function filled(entries: Entry[]): DetailField[] {
  return entries.flatMap(([label, value]): DetailField[] => {
    if (value === null || value === undefined) return [];
    if (Array.isArray(value)) return value.length > 0 ? [{ label, value }] : [];
    return value.trim() === '' ? [] : [{ label, value }];
  });
}

function readerRating(listing: ListingDetail): string | null {
  const rating = listing.mediumDetails?.averageRating;
  if (rating === undefined) return null;
  const count = listing.mediumDetails?.ratingsCount;
  const from =
    count === undefined
      ? ''
      : ` from ${count.toLocaleString('en-GB')} ${count === 1 ? 'rating' : 'ratings'}`;
  return `${rating} out of 5${from}`;
}

function publicationFields(listing: ListingDetail): DetailField[] {
  return filled([
    ['Content type', capitalise(listing.contentType)],
    ['Subcategory', listing.subcategory],
    [
      'Publication status',
      listing.publicationStatus &&
        (PUBLICATION_STATUS_LABELS[listing.publicationStatus] ?? listing.publicationStatus),
    ],
    ['Publisher', listing.publisher],
    ['Edition', listing.edition],
    ['ISBN', listing.isbn],
    ['Word count', listing.wordCount?.toLocaleString('en-GB')],
    ['Content rating', listing.contentRating],
    ['Target audience', listing.targetAudience],
  ]);
}

function marketFields(listing: ListingDetail): DetailField[] {
  return filled([
    ['Sales figures', listing.salesFigures],
    ['Awards', listing.awards],
    ['Reviews', listing.reviews],
    ['Reader rating', readerRating(listing)],
    ['Market presence', listing.mediumDetails?.commercialIndicators?.marketPresence],
    ['Social media presence', listing.socialMediaPresence],
  ]);
}

function adaptationFields(listing: ListingDetail): DetailField[] {
  const previous = listing.previousAdaptations ? listing.adaptationDetails?.trim() || 'Yes' : null;
  return filled([
    ['Unique selling points', listing.uniqueSellingPoints],
    ['Comparable titles', listing.comparableTitles],
    ['Attached talent', listing.attachedTalent],
    ['Production company interest', listing.productionCompanyInterest],
    ['Previous adaptations', previous],
    ['Marketing materials', listing.marketingMaterials ? 'Available from the agent' : null],
  ]);
}

function audienceFields(listing: ListingDetail): DetailField[] {
  const demographic = listing.targetDemographic;
  return filled([
    ['Themes', listing.themes],
    ['Keywords', listing.keywords],
    ['Age range', demographic?.ageRange],
    ['Gender', demographic?.gender],
    ['Income', demographic?.income],
    ['Interests', demographic?.interests],
  ]);
}

/**
 * Everything the agent entered in the six-tab form that the page's fixed parts (facts,
 * description, synopsis, rights, financial terms) do not already show, in sections. Nothing
 * is invented: a field left blank is not shown, and no section is shown empty.
 */
export function listingDetailSections(listing: ListingDetail): DetailSection[] {
  const sections: DetailSection[] = [
    { title: 'About the Author', fields: filled([['Author biography', listing.authorBio]]) },
    { title: 'Publication', fields: publicationFields(listing) },
    { title: 'Market and Reception', fields: marketFields(listing) },
    { title: 'Adaptation Potential', fields: adaptationFields(listing) },
    { title: 'Audience and Themes', fields: audienceFields(listing) },
  ];
  return sections.filter((section) => section.fields.length > 0);
}

/** The commercial terms beyond the spec's two figures, in the listing's own currency. */
export function commercialTerms(listing: ListingDetail): DetailField[] {
  return filled([
    [`Asking price (${listing.currency})`, formatAmount(listing.askingPrice, listing.currency)],
    [`Minimum deal (${listing.currency})`, formatAmount(listing.minimumDeal, listing.currency)],
    [
      'Royalty',
      listing.royaltyPercentage === null ? null : `${Number(listing.royaltyPercentage)}%`,
    ],
    ['Negotiable', listing.negotiable ? 'Yes, open to offers' : 'No, terms are fixed'],
  ]);
}
