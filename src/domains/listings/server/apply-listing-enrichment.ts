import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { invalidateCatalogueCaches } from './catalogue-cache';
import { listings, type MediumDetails } from './listings.tables';

/** What the enrichment room found for a listing, to write into it (every part optional). */
export interface ListingEnrichmentPatch {
  coverImageUrl?: string;
  pages?: number;
  genre?: string;
  publisher?: string;
  /** Merged into mediumDetails (top-level keys replace those already there). */
  mediumDetails?: MediumDetails;
  youtube?: {
    totalViews: number;
    videoCount: number;
    adaptationPotential: number;
    popularityScore: number;
  };
  twitter?: {
    mentions: number;
    buzzScore: number;
    hasVerifiedMentions: boolean;
    publisherPromotion: boolean;
    bookClubMentions: number;
  };
  /** queued | in_progress | enriched | no_match | ambiguous | error */
  enrichmentStatus?: string;
}

/**
 * Enrichment's way into the listings table (only this room writes it): the figures and book
 * data an outside service gave, written in the caller's transaction so the audit entry or run
 * result commits with them. Answers false when the listing no longer exists, and what to run
 * after the commit: this instance's catalogue caches forget the old values.
 */
export async function applyListingEnrichment(
  tx: Executor,
  listingId: number,
  patch: ListingEnrichmentPatch,
): Promise<{ isUpdated: boolean; afterCommit: () => void }> {
  const { youtube, twitter, mediumDetails } = patch;
  const rows = await tx
    .update(listings)
    .set({
      ...(patch.coverImageUrl !== undefined ? { coverImageUrl: patch.coverImageUrl } : {}),
      ...(patch.pages !== undefined ? { pages: patch.pages } : {}),
      ...(patch.genre !== undefined ? { genre: patch.genre } : {}),
      ...(patch.publisher !== undefined ? { publisher: patch.publisher } : {}),
      ...(mediumDetails
        ? {
            mediumDetails: sql`coalesce(${listings.mediumDetails}, '{}'::jsonb) || ${JSON.stringify(mediumDetails)}::jsonb`,
          }
        : {}),
      ...(youtube
        ? {
            youtubeTotalViews: youtube.totalViews,
            youtubeVideoCount: youtube.videoCount,
            youtubeAdaptationPotential: youtube.adaptationPotential,
            youtubePopularityScore: youtube.popularityScore,
          }
        : {}),
      ...(twitter
        ? {
            twitterMentions: twitter.mentions,
            twitterBuzzScore: twitter.buzzScore,
            twitterHasVerifiedMentions: twitter.hasVerifiedMentions,
            twitterPublisherPromotion: twitter.publisherPromotion,
            twitterBookClubMentions: twitter.bookClubMentions,
          }
        : {}),
      ...(patch.enrichmentStatus !== undefined ? { enrichmentStatus: patch.enrichmentStatus } : {}),
      updatedAt: new Date(),
    })
    .where(eq(listings.id, listingId))
    .returning({ id: listings.id });
  return {
    isUpdated: rows.length > 0,
    afterCommit: () => invalidateCatalogueCaches([listingId]),
  };
}

/**
 * New listings waiting for book enrichment (enrichment_status 'queued'), oldest first, claimed
 * with FOR UPDATE SKIP LOCKED and marked 'in_progress' in the caller's transaction, so two
 * instances never take the same listing.
 */
export async function takeListingsQueuedForEnrichment(
  tx: Executor,
  limit: number,
): Promise<number[]> {
  const due = tx
    .select({ id: listings.id })
    .from(listings)
    .where(eq(listings.enrichmentStatus, 'queued'))
    .orderBy(asc(listings.createdAt), asc(listings.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await tx
    .update(listings)
    .set({ enrichmentStatus: 'in_progress' })
    .where(and(inArray(listings.id, due), eq(listings.enrichmentStatus, 'queued')))
    .returning({ id: listings.id });
  return rows.map((row) => row.id);
}
