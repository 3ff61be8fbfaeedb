import { applyListingEnrichment } from '@/domains/listings/server';
import type { Transaction } from '@/server/db/client';
import type { EnrichmentSource } from '../enrichment.constants';
import { AUTO_APPLY_MIN_CONFIDENCE, enrichedDataOf, findBookMatch, toBook } from './book-match';
import { applyBookEnrichment } from './apply-book-enrichment';
import type { EnrichmentDeps } from './enrichment-deps';
import { requireService } from './enrichment-services';
import type { ListingForEnrichment } from './load-listing-for-enrichment';
import { listingQuery, socialSignals, videoSignals } from './social-signals';

/** What one listing's look-up came to, before it is recorded. */
export interface ListingOutcome {
  status: 'enriched' | 'no_match' | 'ambiguous' | 'error' | 'skipped';
  message: string | null;
  data: Record<string, unknown> | null;
  /** Writes into the listing, in the transaction that records the result. */
  write?: (tx: Transaction) => Promise<() => void>;
}

/**
 * Looks one listing up in one service. `pace` is awaited before every request so a run keeps
 * the spec's spacing (1 s for video, 3 s for X). Service errors are thrown to the run, which
 * decides: a quota pauses it, a refused key fails it, anything else fails this listing only.
 */
export async function enrichListing(
  deps: EnrichmentDeps,
  source: EnrichmentSource,
  listing: ListingForEnrichment,
  options: { pace: () => Promise<void>; autoApply: boolean; now: Date },
): Promise<ListingOutcome> {
  const { pace, now } = options;
  const readAt = now.toISOString();
  if (source === 'youtube') {
    const videos = requireService(deps.services, 'youtube');
    await pace();
    const search = await videos.searchVideos(listingQuery(listing), 10);
    let stats: Awaited<ReturnType<typeof videos.getVideoStatistics>> = [];
    if (search.videos.length > 0) {
      await pace();
      stats = await videos.getVideoStatistics(search.videos.map((video) => video.id));
    }
    const { signals, topVideos, note } = videoSignals(search, stats);
    return {
      status: search.videos.length > 0 ? 'enriched' : 'no_match',
      message: note ?? (search.videos.length === 0 ? 'No videos found' : null),
      data: { ...signals, topVideos, readAt },
      write: async (tx) =>
        (await applyListingEnrichment(tx, listing.id, { youtube: signals })).afterCommit,
    };
  }
  if (source === 'twitter') {
    const social = requireService(deps.services, 'twitter');
    const query = `${listingQuery(listing)} -is:retweet`;
    await pace();
    const mentions = await social.countRecent(query);
    await pace();
    const search = await social.searchRecent(query, 100);
    const { signals, note } = socialSignals(mentions, search, listing);
    return {
      status: mentions > 0 || search.posts.length > 0 ? 'enriched' : 'no_match',
      message: note ?? (mentions === 0 ? 'No posts in the last 7 days' : null),
      data: { ...signals, readAt },
      write: async (tx) =>
        (await applyListingEnrichment(tx, listing.id, { twitter: signals })).afterCommit,
    };
  }

  const books = requireService(deps.services, 'google_books');
  await pace();
  const found = await findBookMatch(books, listing);
  const { match } = found;
  if (!match) {
    return {
      status: 'no_match',
      message: 'No Google Books match',
      data: { readAt },
      write: async (tx) =>
        (await applyListingEnrichment(tx, listing.id, { enrichmentStatus: 'no_match' }))
          .afterCommit,
    };
  }
  const data = {
    volumeId: match.volume.id,
    title: match.volume.title,
    method: match.method,
    confidence: match.confidence,
    enrichedData: enrichedDataOf(match.volume),
    alternatives: found.alternatives.map((volume) => toBook(volume).title),
    readAt,
  };
  if (match.isAmbiguous || match.confidence < AUTO_APPLY_MIN_CONFIDENCE) {
    return {
      status: 'ambiguous',
      message: `Ambiguous match (confidence ${match.confidence}): review it before applying`,
      data: { ...data, applied: [] },
      write: async (tx) =>
        (await applyListingEnrichment(tx, listing.id, { enrichmentStatus: 'ambiguous' }))
          .afterCommit,
    };
  }
  if (!options.autoApply) {
    return {
      status: 'enriched',
      message: `Matched with confidence ${match.confidence}; not applied`,
      data: { ...data, applied: [] },
    };
  }
  // Auto-apply fills what the listing lacks and adds the book's details; it does not replace
  // an agent's own cover or genre.
  if (!listing.coverImageUrl && match.volume.coverLink) await pace();
  const applied = await applyBookEnrichment(deps, {
    actor: null,
    listingId: listing.id,
    match,
    parts: {
      updateCoverImage: !listing.coverImageUrl,
      updatePageCount: !listing.pages,
      updateGenre: !listing.genre,
      addMetadata: true,
    },
    enrichmentStatus: 'enriched',
    now,
  });
  return {
    status: 'enriched',
    message: `Applied: ${applied.applied.join(', ') || 'nothing new'}`,
    data: { ...data, applied: applied.applied },
  };
}
