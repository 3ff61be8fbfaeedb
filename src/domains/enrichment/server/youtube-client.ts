import { DEFAULT_TIMEOUT_MS, getJson, googleError } from './fetch-json';
import { nextPacificMidnight } from './service-error';

export interface VideoSearchResult {
  /** The service's estimate of all matching videos (pageInfo.totalResults). */
  totalResults: number;
  videos: { id: string; title: string; channelTitle?: string }[];
}

export interface VideoStatistics {
  id: string;
  title?: string;
  viewCount: number;
  likeCount?: number;
  commentCount?: number;
}

/** The video service port (YouTube Data API v3 behind it). */
export interface VideoService {
  searchVideos(query: string, maxResults: number): Promise<VideoSearchResult>;
  /** Statistics of the videos that still exist: removed or private ones are simply absent. */
  getVideoStatistics(ids: string[]): Promise<VideoStatistics[]>;
}

const count = (value: unknown): number | undefined => {
  // YouTube sends counts as strings of digits ("12345").
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^\d{1,18}$/.test(value)) return Number(value);
  return undefined;
};

export class YouTubeClient implements VideoService {
  private readonly base: string;
  private readonly apiKey: string;
  private readonly timeoutMs: number;
  private readonly now: () => Date;

  constructor(options: { apiKey: string; apiBase: string; timeoutMs?: number; now?: () => Date }) {
    this.apiKey = options.apiKey;
    this.base = options.apiBase.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.now = options.now ?? (() => new Date());
  }

  async searchVideos(query: string, maxResults: number): Promise<VideoSearchResult> {
    const body = (await this.get('/search', {
      part: 'snippet',
      type: 'video',
      q: query,
      maxResults: String(Math.min(Math.max(maxResults, 1), 50)),
    })) as {
      pageInfo?: { totalResults?: unknown };
      items?: {
        id?: { videoId?: unknown };
        snippet?: { title?: unknown; channelTitle?: unknown };
      }[];
    };
    const items = Array.isArray(body?.items) ? body.items : [];
    const videos = items.flatMap((item) => {
      const id = item?.id?.videoId;
      if (typeof id !== 'string') return [];
      const title = typeof item.snippet?.title === 'string' ? item.snippet.title : '';
      const channelTitle =
        typeof item.snippet?.channelTitle === 'string' ? item.snippet.channelTitle : undefined;
      return [{ id, title, channelTitle }];
    });
    return { totalResults: count(body?.pageInfo?.totalResults) ?? videos.length, videos };
  }

  async getVideoStatistics(ids: string[]): Promise<VideoStatistics[]> {
    if (ids.length === 0) return [];
    const body = (await this.get('/videos', {
      part: 'statistics,snippet',
      id: ids.slice(0, 50).join(','),
    })) as {
      items?: {
        id?: unknown;
        snippet?: { title?: unknown };
        statistics?: Record<string, unknown>;
      }[];
    };
    const items = Array.isArray(body?.items) ? body.items : [];
    return items.flatMap((item) => {
      if (typeof item?.id !== 'string') return [];
      const stats = item.statistics ?? {};
      return [
        {
          id: item.id,
          title: typeof item.snippet?.title === 'string' ? item.snippet.title : undefined,
          viewCount: count(stats.viewCount) ?? 0,
          likeCount: count(stats.likeCount),
          commentCount: count(stats.commentCount),
        },
      ];
    });
  }

  private async get(pathname: string, params: Record<string, string>): Promise<unknown> {
    const url = new URL(`${this.base}${pathname}`);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    url.searchParams.set('key', this.apiKey);
    const response = await getJson(url, { timeoutMs: this.timeoutMs, service: 'YouTube' });
    if (response.status !== 200) {
      throw googleError(response, 'YouTube', () => nextPacificMidnight(this.now()));
    }
    return response.body;
  }
}
