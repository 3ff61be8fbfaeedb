import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fileTypeFromBuffer } from 'file-type';
import {
  startFakeGoogleBooks,
  type FakeGoogleBooks,
} from '../../../../tests/helpers/fake-google-books';
import { startFakeX, type FakeX } from '../../../../tests/helpers/fake-x';
import { startFakeYouTube, type FakeYouTube } from '../../../../tests/helpers/fake-youtube';
import { GoogleBooksClient } from './google-books-client';
import { EnrichmentServiceError, nextPacificMidnight } from './service-error';
import { XClient } from './x-client';
import { YouTubeClient } from './youtube-client';

let books: FakeGoogleBooks;
let youtube: FakeYouTube;
let x: FakeX;

beforeAll(async () => {
  [books, youtube, x] = await Promise.all([
    startFakeGoogleBooks(),
    startFakeYouTube(),
    startFakeX(),
  ]);
});
afterAll(async () => {
  await Promise.all([books.stop(), youtube.stop(), x.stop()]);
});
beforeEach(() => {
  books.clearFaults();
  youtube.clearFaults();
  x.clearFaults();
});

async function failure(promise: Promise<unknown>): Promise<EnrichmentServiceError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EnrichmentServiceError);
  return error as EnrichmentServiceError;
}

describe('[ENRICHMENT] Google Books adapter against a Google-Books-shaped server', () => {
  const client = () =>
    new GoogleBooksClient({ apiKey: books.key, apiBase: books.apiBase, timeoutMs: 300 });

  it('finds a volume by ISBN and reads its fields, and reads a volume by id', async () => {
    const [volume] = await client().searchVolumes('isbn:9780000000011', 5);
    expect(volume).toMatchObject({
      id: 'vol-lighthouse-1',
      title: 'The Lighthouse Keeper',
      authors: ['Ada Marlow'],
      pageCount: 352,
      ratingsCount: 1830,
      averageRating: 4.2,
      isbn13: '9780000000011',
      publisher: 'Harbour Press',
    });
    expect(volume.coverLink).toMatch(new RegExp(`^${books.url}/books/content\\?`));
    expect(volume.coverLink).not.toContain('edge=curl');
    expect((await client().getVolume('vol-lighthouse-1')).title).toBe('The Lighthouse Keeper');
    expect(books.requests.at(-1)?.query.get('key')).toBe(books.key);
  });

  it('answers an empty list when Google leaves `items` out', async () => {
    expect(await client().searchVolumes('intitle:"No Such Book Anywhere"', 5)).toEqual([]);
  });

  it('maps quota, bad key, a missing volume and a timeout', async () => {
    books.fail({ kind: 'quota' });
    const quota = await failure(client().searchVolumes('lighthouse', 5));
    expect(quota.kind).toBe('quota');
    expect(quota.resetAt?.getTime()).toBeGreaterThan(Date.now());

    const badKey = new GoogleBooksClient({
      apiKey: 'wrong',
      apiBase: books.apiBase,
      timeoutMs: 300,
    });
    expect((await failure(badKey.searchVolumes('lighthouse', 5))).kind).toBe('bad_key');
    expect((await failure(client().getVolume('nope'))).kind).toBe('not_found');
    expect((await failure(client().getVolume('../../etc'))).kind).toBe('not_found');

    books.fail({ kind: 'slow', delayMs: 1000 });
    expect((await failure(client().searchVolumes('lighthouse', 5))).kind).toBe('timeout');
  });

  it('fetches a cover from the service host only', async () => {
    const volume = await client().getVolume('vol-lighthouse-1');
    const bytes = await client().fetchCover(volume);
    expect((await fileTypeFromBuffer(bytes))?.mime).toBe('image/png');

    books.add({
      id: 'vol-elsewhere',
      title: 'Elsewhere',
      authors: ['Someone'],
      coverLinkOverride: 'http://169.254.169.254/latest/meta-data',
    });
    const elsewhere = await client().getVolume('vol-elsewhere');
    expect(elsewhere.coverLink).toBeUndefined();
    const forged = { ...elsewhere, coverLink: 'http://169.254.169.254/latest/meta-data' };
    expect((await failure(client().fetchCover(forged))).message).toMatch(/own image host/);
  });

  it('knows when Google quotas reset: the next midnight in California', () => {
    // 2026-01-15 10:00 UTC is 02:00 PST; the next midnight there is 2026-01-16 08:00 UTC.
    expect(nextPacificMidnight(new Date('2026-01-15T10:00:00Z')).toISOString()).toBe(
      '2026-01-16T08:00:00.000Z',
    );
    // In summer (PDT, UTC-7): 2026-07-01 06:59 UTC is 23:59 on 30 June there.
    expect(nextPacificMidnight(new Date('2026-07-01T06:59:00Z')).toISOString()).toBe(
      '2026-07-01T07:00:00.000Z',
    );
  });
});

describe('[ENRICHMENT] YouTube adapter against a YouTube-Data-API-shaped server', () => {
  const client = () =>
    new YouTubeClient({ apiKey: youtube.key, apiBase: youtube.apiBase, timeoutMs: 300 });

  it('searches videos and reads their statistics (counts sent as strings)', async () => {
    youtube.videos.push(
      { id: 'v1', title: 'The Lighthouse Keeper review', viewCount: 120_000 },
      { id: 'v2', title: 'The Lighthouse Keeper trailer', viewCount: 30_000 },
    );
    const found = await client().searchVideos('"The Lighthouse Keeper" Ada Marlow', 10);
    expect(found.videos.map((v) => v.id)).toEqual(['v1', 'v2']);
    const stats = await client().getVideoStatistics(['v1', 'v2']);
    expect(stats.map((s) => s.viewCount)).toEqual([120_000, 30_000]);
    const search = youtube.requests.find((r) => r.path === '/youtube/v3/search');
    expect(search?.query.get('type')).toBe('video');
    expect(search?.query.get('key')).toBe(youtube.key);
  });

  it('answers the statistics that exist when some videos are gone (a partial answer)', async () => {
    youtube.missingIds.add('v2');
    const stats = await client().getVideoStatistics(['v1', 'v2']);
    expect(stats.map((s) => s.id)).toEqual(['v1']);
    youtube.missingIds.clear();
  });

  it('maps quotaExceeded to a quota error resetting at the next Pacific midnight', async () => {
    youtube.fail({ kind: 'quota' });
    const error = await failure(client().searchVideos('anything', 5));
    expect(error.kind).toBe('quota');
    expect(error.resetAt?.toISOString()).toBe(nextPacificMidnight(new Date()).toISOString());
  });

  it('maps a bad key, a timeout and a server error', async () => {
    const wrong = new YouTubeClient({ apiKey: 'wrong', apiBase: youtube.apiBase, timeoutMs: 300 });
    expect((await failure(wrong.searchVideos('anything', 5))).kind).toBe('bad_key');
    youtube.fail({ kind: 'slow', delayMs: 1000 });
    expect((await failure(client().searchVideos('anything', 5))).kind).toBe('timeout');
    youtube.fail({ kind: 'error500' });
    expect((await failure(client().searchVideos('anything', 5))).kind).toBe('unavailable');
  });
});

describe('[ENRICHMENT] X adapter against an X-API-v2-shaped server', () => {
  const client = () => new XClient({ bearerToken: x.token, apiBase: x.apiBase, timeoutMs: 300 });

  it('reads recent posts with their authors, and the recent count', async () => {
    x.users.push({ id: 'a1', name: 'Harbour Press', username: 'harbourpress', verified: true });
    x.posts.push(
      {
        id: 'p1',
        text: 'The Lighthouse Keeper is our #bookclub pick',
        authorId: 'a1',
        likeCount: 12,
      },
      { id: 'p2', text: 'Loved The Lighthouse Keeper', authorId: 'a1', likeCount: 3 },
    );
    const result = await client().searchRecent('"The Lighthouse Keeper"', 10);
    expect(result.posts.map((p) => p.id)).toEqual(['p1', 'p2']);
    expect(result.authors[0]).toMatchObject({ username: 'harbourpress', isVerified: true });
    expect(result.partialErrors).toEqual([]);
    expect(await client().countRecent('"The Lighthouse Keeper"')).toBe(14);
    const search = x.requests.find((r) => r.path === '/2/tweets/search/recent');
    expect(search?.query.get('max_results')).toBe('10');
  });

  it('keeps the data of a partial answer and reports its errors', async () => {
    x.fail({ kind: 'partial' });
    const result = await client().searchRecent('"The Lighthouse Keeper"', 10);
    expect(result.posts.length).toBeGreaterThan(0);
    expect(result.partialErrors[0]).toMatch(/Could not find user/);
  });

  it('maps 429 to a quota error resetting when x-rate-limit-reset says', async () => {
    const resetAt = new Date(Date.now() + 60_000);
    x.fail({ kind: 'rateLimit', resetAt });
    const error = await failure(client().countRecent('anything'));
    expect(error.kind).toBe('quota');
    expect(error.resetAt?.getTime()).toBe(Math.ceil(resetAt.getTime() / 1000) * 1000);
  });

  it('maps a refused token, a timeout and a 503', async () => {
    const wrong = new XClient({ bearerToken: 'wrong', apiBase: x.apiBase, timeoutMs: 300 });
    expect((await failure(wrong.countRecent('anything'))).kind).toBe('bad_key');
    x.fail({ kind: 'slow', delayMs: 1000 });
    expect((await failure(client().countRecent('anything'))).kind).toBe('timeout');
    x.fail({ kind: 'error503' });
    expect((await failure(client().countRecent('anything'))).kind).toBe('unavailable');
  });
});
