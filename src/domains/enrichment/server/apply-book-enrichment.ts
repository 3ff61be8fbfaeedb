import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import { recordAdminAction } from '@/domains/admin/server';
import {
  applyListingEnrichment,
  storeListingImage,
  type ListingEnrichmentPatch,
} from '@/domains/listings/server';
import type { ApplyEnrichmentBody, ApplyEnrichmentResponse } from '../enrichment.schema';
import { enrichedDataOf, findBookMatch, genreFromCategories, type BookMatch } from './book-match';
import type { EnrichmentDeps } from './enrichment-deps';
import { requireService } from './enrichment-services';
import { getListingForEnrichment } from './load-listing-for-enrichment';
import { notFound } from '@/shared/errors';

export type EnrichmentPart = 'coverImage' | 'pageCount' | 'genre' | 'metadata';

export const NO_BOOK_MATCH = 'Google Books has no match for this listing';

/**
 * The chosen parts of a Google Books match go into the listing: the cover is fetched through
 * the adapter (only from the service's image host), checked by its bytes, converted and
 * stored (never hot-linked); page count, genre and the book's details (mediumDetails, with
 * the source and date for the analysis' basis). An admin's apply is audited with it.
 */
export async function applyBookEnrichment(
  deps: EnrichmentDeps,
  options: {
    actor: UserRow | null;
    listingId: number;
    parts: Omit<ApplyEnrichmentBody, 'volumeId'>;
    volumeId?: string;
    /** A match already made (the batch job), to save a second look-up. */
    match?: BookMatch;
    enrichmentStatus?: string;
    now?: Date;
  },
): Promise<ApplyEnrichmentResponse> {
  const books = requireService(deps.services, 'google_books');
  const listing = await getListingForEnrichment(deps.db, options.listingId);
  const match =
    options.match ?? (await findBookMatch(books, listing, { volumeId: options.volumeId })).match;
  if (!match) throw notFound(NO_BOOK_MATCH);
  const { volume } = match;
  const { parts } = options;
  const now = options.now ?? new Date();
  const applied: EnrichmentPart[] = [];
  const patch: ListingEnrichmentPatch = {};

  if (parts.updateCoverImage && volume.coverLink) {
    const bytes = await books.fetchCover(volume);
    const stored = await storeListingImage(deps.storage, bytes);
    patch.coverImageUrl = stored.url;
    applied.push('coverImage');
  }
  if (parts.updatePageCount && volume.pageCount) {
    patch.pages = volume.pageCount;
    applied.push('pageCount');
  }
  const genre = genreFromCategories(volume.categories);
  if (parts.updateGenre && genre) {
    patch.genre = genre;
    applied.push('genre');
  }
  if (parts.addMetadata) {
    const data = enrichedDataOf(volume);
    patch.mediumDetails = {
      publishedDate: volume.publishedDate,
      averageRating: volume.averageRating,
      ratingsCount: volume.ratingsCount,
      publisher: volume.publisher,
      categories: volume.categories,
      commercialIndicators: data.commercialIndicators,
      googleBooksId: volume.id,
      source: 'Google Books',
      enrichedAt: now.toISOString(),
    };
    if (!listing.publisher && volume.publisher) patch.publisher = volume.publisher;
    applied.push('metadata');
  }
  if (options.enrichmentStatus) patch.enrichmentStatus = options.enrichmentStatus;

  const afterCommit = await deps.db.transaction(async (tx) => {
    const result = await applyListingEnrichment(tx, listing.id, patch);
    if (!result.isUpdated) throw notFound(NO_BOOK_MATCH);
    if (options.actor && applied.length > 0) {
      await recordAdminAction(tx, {
        actorId: options.actor.id,
        action: 'apply_book_enrichment',
        targetType: 'listing',
        targetId: listing.id,
        targetLabel: listing.title,
        before: {
          coverImageUrl: listing.coverImageUrl,
          pages: listing.pages,
          genre: listing.genre,
        },
        after: { applied, googleBooksId: volume.id, confidence: match.confidence, ...patch },
      });
    }
    return result.afterCommit;
  });
  afterCommit();
  return {
    listingId: listing.id,
    applied,
    coverImageUrl: patch.coverImageUrl ?? listing.coverImageUrl,
    pageCount: patch.pages ?? listing.pages,
    genre: patch.genre ?? listing.genre,
  };
}
