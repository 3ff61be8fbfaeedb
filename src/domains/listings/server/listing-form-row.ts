import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import { MEDIUM_BY_CONTENT_TYPE, type ListingForm } from '../listing-form.schema';
import type { NewListingRow } from './listings.tables';

/** The first sentence of a text (or its first 240 characters): the card's description. */
function firstSentences(text: string, max = 240): string {
  const sentence = /^.+?[.!?](\s|$)/.exec(text)?.[0]?.trim() ?? text;
  return sentence.length <= max ? sentence : `${sentence.slice(0, max - 1).trimEnd()}…`;
}

const toPence = (pounds: number | null | undefined) =>
  pounds === null || pounds === undefined ? null : Math.round(pounds * 100);

/**
 * The columns the agent's form writes (docs/decisions/008-listing-price-range.md): the medium
 * from the content type, the card's description from the logline or synopsis, tags from the
 * themes and keywords, and the suggested offer range from the asking price and minimum deal
 * (only in pounds: the catalogue's price bands are in GBP, and we hold no exchange rates).
 */
export function listingFormColumns(
  form: ListingForm,
  agent: Pick<UserRow, 'firstName' | 'lastName'>,
) {
  const askingPence = toPence(form.askingPrice);
  const minimumPence = toPence(form.minimumDeal) ?? askingPence;
  const isPounds = form.currency === 'GBP';
  const tags = [...new Set([...form.themes, ...form.keywords])].slice(0, 12);
  return {
    title: form.title,
    author: form.author,
    contentType: form.contentType,
    medium: MEDIUM_BY_CONTENT_TYPE[form.contentType],
    category: form.category,
    subcategory: form.subcategory,
    genre: form.subcategory ?? form.category,
    synopsis: form.synopsis,
    logline: form.logline,
    description: firstSentences(form.logline ?? form.synopsis),
    targetAudience: form.targetAudience,
    contentRating: form.contentRating ?? null,
    publicationStatus: form.publicationStatus,
    publisher: form.publisher,
    publishDate: form.publicationDate ?? null,
    isbn: form.isbn,
    edition: form.edition,
    pages: form.pageCount ?? null,
    wordCount: form.wordCount ?? null,
    authorBio: form.authorBio,
    rightsAvailable: [...form.rightsAvailable],
    territory: [...new Set(form.territory)],
    exclusivity: form.exclusivity,
    previousAdaptations: form.previousAdaptations,
    adaptationDetails: form.previousAdaptations ? form.adaptationDetails : null,
    askingPrice: askingPence,
    minimumDeal: toPence(form.minimumDeal),
    currency: form.currency,
    suggestedOfferMin: isPounds ? minimumPence : null,
    suggestedOfferMax: isPounds ? askingPence : null,
    royaltyPercentage:
      form.royaltyPercentage === null || form.royaltyPercentage === undefined
        ? null
        : form.royaltyPercentage.toFixed(1),
    negotiable: form.negotiable,
    salesFigures: form.salesFigures,
    awards: form.awards,
    reviews: form.reviews,
    socialMediaPresence: form.socialMediaPresence,
    attachedTalent: form.attachedTalent,
    productionCompanyInterest: form.productionCompanyInterest,
    marketingMaterials: form.marketingMaterials,
    comparableTitles: form.comparableTitles,
    uniqueSellingPoints: form.uniqueSellingPoints,
    themes: form.themes,
    keywords: form.keywords,
    tags,
    agentNotes: form.agentNotes,
    targetDemographic: form.targetDemographic
      ? {
          ageRange: form.targetDemographic.ageRange ?? undefined,
          gender: form.targetDemographic.gender ?? undefined,
          income: form.targetDemographic.income ?? undefined,
          interests: form.targetDemographic.interests,
        }
      : null,
    agentName: `${agent.firstName} ${agent.lastName}`.trim(),
  } satisfies Partial<NewListingRow>;
}
