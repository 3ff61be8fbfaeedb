import { getTableColumns } from 'drizzle-orm';
import { penceToPounds } from '@/shared/money';
import type { ListingCard, ListingDetail } from '../listings.schema';
import { listings, type ListingRow } from './listings.tables';

/**
 * The one place where database rows (money in pence, Date objects) become API shapes
 * (pounds as strings, ISO dates). Every listing answer goes through here.
 */

/** The columns a card needs: select only these for lists (no synopsis, no tsvector). */
export const listingCardColumns = {
  id: listings.id,
  title: listings.title,
  author: listings.author,
  description: listings.description,
  category: listings.category,
  genre: listings.genre,
  tags: listings.tags,
  medium: listings.medium,
  format: listings.format,
  status: listings.status,
  isFeatured: listings.isFeatured,
  coverImageUrl: listings.coverImageUrl,
  suggestedOfferMin: listings.suggestedOfferMin,
  suggestedOfferMax: listings.suggestedOfferMax,
  viabilityScore: listings.viabilityScore,
  pages: listings.pages,
  agentName: listings.agentName,
  createdAt: listings.createdAt,
};

export type ListingCardRow = Pick<ListingRow, keyof typeof listingCardColumns>;

/** Every column but the search document, which never leaves the database. */
const { searchVector: _searchVector, ...detailColumns } = getTableColumns(listings);
export const listingDetailColumns = detailColumns;

export type ListingDetailRow = Omit<ListingRow, 'searchVector'>;

export function toListingCard(row: ListingCardRow): ListingCard {
  return {
    id: row.id,
    title: row.title,
    author: row.author,
    description: row.description,
    category: row.category,
    genre: row.genre,
    tags: row.tags,
    medium: row.medium,
    format: row.format,
    status: row.status,
    isFeatured: row.isFeatured,
    coverImageUrl: row.coverImageUrl,
    suggestedOfferMin: penceToPounds(row.suggestedOfferMin),
    suggestedOfferMax: penceToPounds(row.suggestedOfferMax),
    viabilityScore: row.viabilityScore,
    pages: row.pages,
    agentName: row.agentName,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toListingDetail(row: ListingDetailRow): ListingDetail {
  return {
    ...toListingCard(row),
    agentId: row.agentId,
    synopsis: row.synopsis,
    logline: row.logline,
    subcategory: row.subcategory,
    contentType: row.contentType,
    galleryImages: row.galleryImages,
    publishDate: row.publishDate,
    publisher: row.publisher,
    publicationStatus: row.publicationStatus,
    isbn: row.isbn,
    edition: row.edition,
    wordCount: row.wordCount,
    rightsStatus: row.rightsStatus,
    authorBio: row.authorBio,
    targetAudience: row.targetAudience,
    contentRating: row.contentRating,
    rightsAvailable: row.rightsAvailable,
    territory: row.territory,
    exclusivity: row.exclusivity,
    previousAdaptations: row.previousAdaptations,
    adaptationDetails: row.adaptationDetails,
    askingPrice: penceToPounds(row.askingPrice),
    minimumDeal: penceToPounds(row.minimumDeal),
    currency: row.currency,
    royaltyPercentage: row.royaltyPercentage,
    negotiable: row.negotiable,
    salesFigures: row.salesFigures,
    awards: row.awards,
    reviews: row.reviews,
    socialMediaPresence: row.socialMediaPresence,
    attachedTalent: row.attachedTalent,
    productionCompanyInterest: row.productionCompanyInterest,
    marketingMaterials: row.marketingMaterials,
    themes: row.themes,
    keywords: row.keywords,
    comparableTitles: row.comparableTitles,
    uniqueSellingPoints: row.uniqueSellingPoints,
    targetDemographic: row.targetDemographic,
    mediumDetails: row.mediumDetails,
    twitterMentions: row.twitterMentions,
    twitterBuzzScore: row.twitterBuzzScore,
    twitterHasVerifiedMentions: row.twitterHasVerifiedMentions,
    twitterPublisherPromotion: row.twitterPublisherPromotion,
    twitterBookClubMentions: row.twitterBookClubMentions,
    youtubeTotalViews: row.youtubeTotalViews,
    youtubeVideoCount: row.youtubeVideoCount,
    youtubeAdaptationPotential: row.youtubeAdaptationPotential,
    youtubePopularityScore: row.youtubePopularityScore,
    updatedAt: row.updatedAt.toISOString(),
  };
}
