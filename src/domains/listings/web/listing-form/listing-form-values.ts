import type { ListingFormInput } from '../../listing-form.schema';
import type { ListingDetail } from '../../listings.schema';

/** A new listing's form: the defaults of spec part 2 section 9. */
export const NEW_LISTING_VALUES: ListingFormInput = {
  title: '',
  author: '',
  contentType: 'book',
  category: '',
  subcategory: undefined,
  synopsis: '',
  targetAudience: '',
  publicationStatus: 'unpublished',
  rightsAvailable: [],
  territory: [],
  exclusivity: 'exclusive',
  previousAdaptations: false,
  askingPrice: Number.NaN,
  currency: 'GBP',
  negotiable: true,
  marketingMaterials: false,
  themes: [],
  keywords: [],
  galleryImages: [],
};

const text = (value: string | null | undefined) => value ?? undefined;
const pounds = (value: string | null) => (value === null ? undefined : Number(value));

/** An existing listing as the form edits it. */
export function formValuesOf(listing: ListingDetail): ListingFormInput {
  return {
    title: listing.title,
    author: listing.author,
    contentType: listing.contentType as ListingFormInput['contentType'],
    category: listing.category ?? '',
    subcategory: text(listing.subcategory),
    synopsis: listing.synopsis ?? '',
    logline: text(listing.logline),
    targetAudience: listing.targetAudience ?? '',
    contentRating: (listing.contentRating ?? null) as ListingFormInput['contentRating'],
    publicationStatus: (listing.publicationStatus ??
      'unpublished') as ListingFormInput['publicationStatus'],
    publisher: text(listing.publisher),
    publicationDate: listing.publishDate,
    isbn: text(listing.isbn),
    edition: text(listing.edition),
    pageCount: listing.pages,
    wordCount: listing.wordCount,
    authorBio: text(listing.authorBio),
    rightsAvailable: listing.rightsAvailable as ListingFormInput['rightsAvailable'],
    territory: listing.territory,
    exclusivity: (listing.exclusivity ?? 'exclusive') as ListingFormInput['exclusivity'],
    previousAdaptations: listing.previousAdaptations,
    adaptationDetails: text(listing.adaptationDetails),
    askingPrice: pounds(listing.askingPrice) ?? Number.NaN,
    currency: listing.currency as ListingFormInput['currency'],
    minimumDeal: pounds(listing.minimumDeal),
    royaltyPercentage:
      listing.royaltyPercentage === null ? undefined : Number(listing.royaltyPercentage),
    negotiable: listing.negotiable,
    salesFigures: text(listing.salesFigures),
    awards: text(listing.awards),
    reviews: text(listing.reviews),
    socialMediaPresence: text(listing.socialMediaPresence),
    attachedTalent: text(listing.attachedTalent),
    productionCompanyInterest: text(listing.productionCompanyInterest),
    marketingMaterials: listing.marketingMaterials,
    comparableTitles: text(listing.comparableTitles),
    uniqueSellingPoints: text(listing.uniqueSellingPoints),
    themes: listing.themes,
    keywords: listing.keywords,
    agentNotes: text(listing.agentNotes),
    // Only an uploaded cover goes back to the form; a generated one stays generated.
    coverImageUrl: listing.coverImageUrl?.startsWith('/uploads/') ? listing.coverImageUrl : null,
    galleryImages: listing.galleryImages,
    targetDemographic: listing.targetDemographic
      ? {
          ageRange: listing.targetDemographic.ageRange,
          gender: listing.targetDemographic.gender,
          income: listing.targetDemographic.income,
          interests: listing.targetDemographic.interests ?? [],
        }
      : undefined,
  };
}
