import { DEFAULT_TIMEOUT_MS, getJson, type ServiceResponse } from './fetch-json';
import { EnrichmentServiceError } from './service-error';

export interface Post {
  id: string;
  text: string;
  authorId?: string;
  likeCount: number;
  repostCount: number;
  replyCount: number;
  quoteCount: number;
}

export interface PostAuthor {
  id: string;
  name: string;
  username: string;
  isVerified: boolean;
}

export interface RecentSearchResult {
  posts: Post[];
  authors: PostAuthor[];
  /** The service answered with data AND errors (some items could not be read). */
  partialErrors: string[];
}

/** The microblogging service port (X API v2 behind it). */
export interface SocialService {
  searchRecent(query: string, maxResults: number): Promise<RecentSearchResult>;
  /** How many posts matched in the recent window (the last 7 days). */
  countRecent(query: string): Promise<number>;
}

const int = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.round(value) : 0;

export class XClient implements SocialService {
  private readonly base: string;
  private readonly bearerToken: string;
  private readonly timeoutMs: number;
  private readonly now: () => Date;

  constructor(options: {
    bearerToken: string;
    apiBase: string;
    timeoutMs?: number;
    now?: () => Date;
  }) {
    this.bearerToken = options.bearerToken;
    this.base = options.apiBase.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.now = options.now ?? (() => new Date());
  }

  async searchRecent(query: string, maxResults: number): Promise<RecentSearchResult> {
    const body = (await this.get('/tweets/search/recent', {
      query,
      // X accepts 10-100 for recent search.
      max_results: String(Math.min(Math.max(maxResults, 10), 100)),
      'tweet.fields': 'public_metrics,author_id,created_at',
      expansions: 'author_id',
      'user.fields': 'verified,verified_type,username,name',
    })) as {
      data?: {
        id?: unknown;
        text?: unknown;
        author_id?: unknown;
        public_metrics?: Record<string, unknown>;
      }[];
      includes?: {
        users?: {
          id?: unknown;
          name?: unknown;
          username?: unknown;
          verified?: unknown;
          verified_type?: unknown;
        }[];
      };
      errors?: { detail?: unknown; title?: unknown }[];
    };
    const posts = (Array.isArray(body?.data) ? body.data : []).flatMap((item) =>
      typeof item?.id === 'string' && typeof item.text === 'string'
        ? [
            {
              id: item.id,
              text: item.text,
              authorId: typeof item.author_id === 'string' ? item.author_id : undefined,
              likeCount: int(item.public_metrics?.like_count),
              repostCount: int(item.public_metrics?.retweet_count),
              replyCount: int(item.public_metrics?.reply_count),
              quoteCount: int(item.public_metrics?.quote_count),
            },
          ]
        : [],
    );
    const users = Array.isArray(body?.includes?.users) ? body.includes.users : [];
    const authors = users.flatMap((user) =>
      typeof user?.id === 'string'
        ? [
            {
              id: user.id,
              name: typeof user.name === 'string' ? user.name : '',
              username: typeof user.username === 'string' ? user.username : '',
              isVerified:
                user.verified === true ||
                (typeof user.verified_type === 'string' && user.verified_type !== 'none'),
            },
          ]
        : [],
    );
    const partialErrors = (Array.isArray(body?.errors) ? body.errors : []).map((error) =>
      String(error?.detail ?? error?.title ?? 'unknown error'),
    );
    return { posts, authors, partialErrors };
  }

  async countRecent(query: string): Promise<number> {
    const body = (await this.get('/tweets/counts/recent', { query, granularity: 'day' })) as {
      meta?: { total_tweet_count?: unknown };
      data?: { tweet_count?: unknown }[];
    };
    if (typeof body?.meta?.total_tweet_count === 'number') return int(body.meta.total_tweet_count);
    return (Array.isArray(body?.data) ? body.data : []).reduce(
      (sum, bucket) => sum + int(bucket?.tweet_count),
      0,
    );
  }

  private async get(pathname: string, params: Record<string, string>): Promise<unknown> {
    const url = new URL(`${this.base}${pathname}`);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    const response = await getJson(url, {
      timeoutMs: this.timeoutMs,
      service: 'X',
      headers: { authorization: `Bearer ${this.bearerToken}` },
    });
    if (response.status !== 200) throw this.error(response);
    return response.body;
  }

  /** X's problem answers: {title, detail, type, status}; 429 carries x-rate-limit-reset. */
  private error(response: ServiceResponse): EnrichmentServiceError {
    const { status, headers } = response;
    const body = (response.body ?? {}) as { title?: unknown; detail?: unknown };
    const detail = [body.title, body.detail].filter((p) => typeof p === 'string').join(': ');
    const suffix = detail ? ` (${detail})` : '';
    if (status === 429) {
      const reset = Number(headers.get('x-rate-limit-reset'));
      // The header is seconds since the epoch; without it, X's windows are 15 minutes.
      const resetAt =
        Number.isFinite(reset) && reset > 0
          ? new Date(reset * 1000)
          : new Date(this.now().getTime() + 15 * 60 * 1000);
      return new EnrichmentServiceError('quota', `X rate limit reached${suffix}`, {
        status,
        resetAt,
      });
    }
    if (status === 401 || status === 403) {
      return new EnrichmentServiceError('bad_key', `X refused the bearer token${suffix}`, {
        status,
      });
    }
    return new EnrichmentServiceError('unavailable', `X answered ${status}${suffix}`, { status });
  }
}
