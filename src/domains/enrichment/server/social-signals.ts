import type { RecentSearchResult } from './x-client';
import type { VideoSearchResult, VideoStatistics } from './youtube-client';

/** What the search services are asked for a listing: its exact title, plus its author. */
export const listingQuery = (listing: { title: string; author: string }) =>
  `"${listing.title.replace(/"/g, '')}" ${listing.author.replace(/"/g, '')}`.trim();

const clampScore = (value: number) => Math.max(0, Math.min(100, Math.round(value)));

const ADAPTATION_WORDS = /\b(trailer|film|movie|adaptation|series|tv|netflix|cast)\b/i;

/**
 * The listing's video signals (part 1 section 3): total views of the videos found, how many,
 * a 0-100 popularity (log scale: 100 million views is 100) and a 0-100 adaptation potential
 * (popularity, lifted by videos that already talk about a screen version).
 */
export function videoSignals(search: VideoSearchResult, stats: VideoStatistics[]) {
  const totalViews = stats.reduce((sum, video) => sum + video.viewCount, 0);
  const videoCount = search.videos.length;
  const popularityScore = clampScore((Math.log10(totalViews + 1) / 8) * 100);
  const adaptationVideos = search.videos.filter((video) => ADAPTATION_WORDS.test(video.title));
  const adaptationPotential = clampScore(
    popularityScore * 0.7 + (videoCount ? (adaptationVideos.length / videoCount) * 30 : 0),
  );
  const missing = search.videos.length - stats.length;
  return {
    signals: { totalViews, videoCount, popularityScore, adaptationPotential },
    topVideos: [...stats]
      .sort((a, b) => b.viewCount - a.viewCount)
      .slice(0, 3)
      .map((video) => ({ id: video.id, title: video.title ?? '', viewCount: video.viewCount })),
    note:
      missing > 0
        ? `Partial: ${missing} of ${search.videos.length} videos had no statistics (removed or private)`
        : null,
  };
}

const BOOK_CLUB = /book\s?club|#booktok|bookstagram|#amreading/i;
const PUBLISHER_WORDS = /\b(books|press|publishing|publishers)\b/i;

/**
 * The listing's microblogging signals: mentions in the last 7 days, verified voices, a
 * publisher promoting it, book-club mentions, and a 0-100 buzz score (mentions on a log
 * scale, engagement, and a lift for verified voices).
 */
export function socialSignals(
  mentions: number,
  search: RecentSearchResult,
  listing: { publisher: string | null },
) {
  const authorsById = new Map(search.authors.map((author) => [author.id, author]));
  const postAuthors = search.posts.flatMap((post) => {
    const author = post.authorId ? authorsById.get(post.authorId) : undefined;
    return author ? [author] : [];
  });
  const publisher = listing.publisher?.toLowerCase().replace(/[^a-z0-9]/g, '');
  const hasVerifiedMentions = postAuthors.some((author) => author.isVerified);
  const publisherPromotion = postAuthors.some((author) => {
    const handle = `${author.name} ${author.username}`.toLowerCase();
    return (
      (publisher &&
        publisher.length >= 4 &&
        handle.replace(/[^a-z0-9]/g, '').includes(publisher)) ||
      PUBLISHER_WORDS.test(`${author.name} ${author.username.replace(/books$/i, ' books')}`)
    );
  });
  const bookClubMentions = search.posts.filter((post) => BOOK_CLUB.test(post.text)).length;
  const engagement = search.posts.reduce(
    (sum, post) => sum + post.likeCount + post.repostCount * 2 + post.quoteCount + post.replyCount,
    0,
  );
  const buzzScore = clampScore(
    Math.log10(mentions + 1) * 25 +
      Math.log10(engagement + 1) * 10 +
      (hasVerifiedMentions ? 10 : 0),
  );
  return {
    signals: {
      mentions,
      buzzScore,
      hasVerifiedMentions,
      publisherPromotion: Boolean(publisherPromotion),
      bookClubMentions,
    },
    note: search.partialErrors.length
      ? `Partial: ${search.partialErrors.length} item(s) could not be read (${search.partialErrors[0]})`
      : null,
  };
}
