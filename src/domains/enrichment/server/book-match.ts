import type { Book, BookEnrichment, EnrichedData, Suggestion } from '../enrichment.schema';
import type { BookVolume, BooksService } from './google-books-client';

/** A listing as matching reads it. */
export interface ListingForMatch {
  id: number;
  title: string;
  author: string;
  isbn: string | null;
  pages: number | null;
  genre: string | null;
  coverImageUrl: string | null;
}

/** Below this a match is never applied without review; ambiguous ones never are. */
export const AUTO_APPLY_MIN_CONFIDENCE = 80;

export const toBook = ({ coverLink, ...volume }: BookVolume): Book => ({
  ...volume,
  hasCover: Boolean(coverLink),
});

export function normaliseIsbn(raw: string | null | undefined): string | null {
  const isbn = (raw ?? '').replace(/[\s-]/g, '').toUpperCase();
  return /^(\d{9}[\dX]|\d{13})$/.test(isbn) ? isbn : null;
}

const words = (text: string) =>
  new Set(
    text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^a-z0-9\s]/g, ' ')
      .split(/\s+/)
      .filter((word) => word && !['the', 'a', 'an', 'of', 'and'].includes(word)),
  );

function overlap(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const word of a) if (b.has(word)) shared += 1;
  return shared / new Set([...a, ...b]).size;
}

/** 0-1: how well a volume's title and authors fit the listing's. */
export function similarity(listing: { title: string; author: string }, volume: BookVolume): number {
  const title = overlap(words(listing.title), words(volume.title.split(':')[0]));
  const fullTitle = overlap(
    words(listing.title),
    words(`${volume.title} ${volume.subtitle ?? ''}`),
  );
  const author = overlap(words(listing.author), words(volume.authors.join(' ')));
  // A surname alone (listing "Marlow", volume "Ada Marlow") still counts as the author.
  const authorHit = author > 0 ? Math.max(author, 0.75) : 0;
  return Math.max(title, fullTitle) * 0.6 + authorHit * 0.4;
}

const identity = (volume: BookVolume) =>
  `${[...words(volume.title.split(':')[0])].sort().join(' ')}|${[...words(volume.authors.join(' '))].sort().join(' ')}`;

export interface BookMatch {
  method: 'isbn' | 'title_author' | 'chosen';
  confidence: number;
  isAmbiguous: boolean;
  volume: BookVolume;
}

/**
 * The listing's volume: by its ISBN first (an exact identifier), then by title and author
 * words. A close second candidate that is a different book (not another edition of the same
 * one) makes the match ambiguous; so does a weak best score.
 */
export async function findBookMatch(
  books: BooksService,
  listing: ListingForMatch,
  options: { volumeId?: string } = {},
): Promise<{ match: BookMatch | null; alternatives: BookVolume[] }> {
  if (options.volumeId) {
    const volume = await books.getVolume(options.volumeId);
    const confidence = Math.round(similarity(listing, volume) * 100);
    return {
      match: { method: 'chosen', confidence, isAmbiguous: false, volume },
      alternatives: [],
    };
  }
  const isbn = normaliseIsbn(listing.isbn);
  if (isbn) {
    const found = await books.searchVolumes(`isbn:${isbn}`, 5);
    const exact = found.filter((v) => v.isbn13 === isbn || v.isbn10 === isbn);
    if (exact.length > 0) {
      const volume = exact.sort((a, b) => (b.ratingsCount ?? 0) - (a.ratingsCount ?? 0))[0];
      // The ISBN is the book; a title that does not fit at all is worth a second look.
      const confidence = similarity(listing, volume) >= 0.3 ? 100 : 70;
      return {
        match: {
          method: 'isbn',
          confidence,
          isAmbiguous: confidence < AUTO_APPLY_MIN_CONFIDENCE,
          volume,
        },
        alternatives: [],
      };
    }
  }
  const title = listing.title.replace(/"/g, '');
  const author = listing.author.replace(/"/g, '');
  let candidates = await books.searchVolumes(`intitle:"${title}" inauthor:"${author}"`, 10);
  if (candidates.length === 0) candidates = await books.searchVolumes(`${title} ${author}`, 10);
  if (candidates.length === 0) return { match: null, alternatives: [] };
  const scored = candidates
    .map((volume) => ({ volume, score: similarity(listing, volume) }))
    .sort(
      (a, b) => b.score - a.score || (b.volume.ratingsCount ?? 0) - (a.volume.ratingsCount ?? 0),
    );
  const best = scored[0];
  const rival = scored.find(
    (entry) => entry !== best && identity(entry.volume) !== identity(best.volume),
  );
  const isAmbiguous = best.score < 0.7 || (rival !== undefined && rival.score >= best.score - 0.1);
  // Without an ISBN a match is never certain: at most 95.
  const confidence = Math.min(95, Math.round(best.score * 100));
  return {
    match: { method: 'title_author', confidence, isAmbiguous, volume: best.volume },
    alternatives: isAmbiguous
      ? scored
          .filter((entry) => entry !== best)
          .slice(0, 4)
          .map((entry) => entry.volume)
      : [],
  };
}

/** "Fiction / Thrillers / Psychological" → "Thrillers": the most telling part of a category. */
export function genreFromCategories(categories: string[]): string | null {
  const parts = (categories[0] ?? '')
    .split('/')
    .map((part) => part.trim())
    .filter((part) => part && part.toLowerCase() !== 'general');
  return parts[1] ?? parts[0] ?? null;
}

export function enrichedDataOf(volume: BookVolume): EnrichedData {
  const ratingsCount = volume.ratingsCount ?? 0;
  const popularityScore = Math.max(
    0,
    Math.min(100, Math.round(Math.log10(ratingsCount + 1) * 22 + (volume.averageRating ?? 0) * 4)),
  );
  return {
    averageRating: volume.averageRating ?? null,
    pageCount: volume.pageCount ?? null,
    publisher: volume.publisher ?? null,
    ratingsCount: volume.ratingsCount ?? null,
    categories: volume.categories,
    publishedDate: volume.publishedDate ?? null,
    hasCover: Boolean(volume.coverLink),
    commercialIndicators: {
      marketPresence: ratingsCount >= 1000 ? 'high' : ratingsCount >= 50 ? 'medium' : 'low',
      popularityScore,
      hasCommercialSales: ratingsCount > 0 || Boolean(volume.publisher),
    },
  };
}

export function suggestionsFor(listing: ListingForMatch, volume: BookVolume): Suggestion[] {
  const suggestions: Suggestion[] = [];
  if (volume.coverLink) {
    suggestions.push({
      field: 'coverImage',
      message: listing.coverImageUrl
        ? "Replace the listing's cover with the Google Books cover"
        : 'Add the Google Books cover (the listing has none)',
      current: listing.coverImageUrl ? 'uploaded cover' : null,
      suggested: 'Google Books cover',
    });
  }
  if (volume.pageCount && volume.pageCount !== listing.pages) {
    suggestions.push({
      field: 'pageCount',
      message: listing.pages
        ? `Change the page count from ${listing.pages} to ${volume.pageCount}`
        : `Set the page count to ${volume.pageCount}`,
      current: listing.pages ? String(listing.pages) : null,
      suggested: String(volume.pageCount),
    });
  }
  const genre = genreFromCategories(volume.categories);
  if (genre && genre.toLowerCase() !== (listing.genre ?? '').toLowerCase()) {
    suggestions.push({
      field: 'genre',
      message: `Set the genre to ${genre}`,
      current: listing.genre,
      suggested: genre,
    });
  }
  const facts = [
    volume.averageRating !== undefined
      ? `rating ${volume.averageRating} from ${(volume.ratingsCount ?? 0).toLocaleString('en-GB')} ratings`
      : null,
    volume.publishedDate ? `published ${volume.publishedDate}` : null,
    volume.publisher ?? null,
  ].filter((fact): fact is string => fact !== null);
  if (facts.length > 0) {
    suggestions.push({
      field: 'metadata',
      message: `Add the book's details: ${facts.join(', ')}`,
      current: null,
      suggested: facts.join(', '),
    });
  }
  return suggestions;
}

export function bookEnrichmentOf(
  listing: ListingForMatch,
  found: { match: BookMatch | null; alternatives: BookVolume[] },
): BookEnrichment {
  const { match } = found;
  return {
    listingId: listing.id,
    match: match
      ? {
          method: match.method,
          confidence: match.confidence,
          isAmbiguous: match.isAmbiguous,
          book: toBook(match.volume),
        }
      : null,
    alternatives: found.alternatives.map(toBook),
    enrichedData: match ? enrichedDataOf(match.volume) : null,
    suggestions: match ? suggestionsFor(listing, match.volume) : [],
  };
}
