import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiKeyInvalidBody, googleErrorBody } from './fake-google-books';

/**
 * A small YouTube-Data-API-v3-shaped server for tests and browser journeys: `GET search`
 * (part=snippet, type=video) and `GET videos` (part=statistics), answered in the documented
 * shapes (counts as strings of digits; removed videos simply absent from videos.list). Faults:
 * quota (403 youtube.quota quotaExceeded), badKey (400 API_KEY_INVALID), slow, error500.
 * Videos not given explicitly are generated from the query, deterministically.
 * Point the app at it with YOUTUBE_API_BASE=<fake.apiBase> and YOUTUBE_API_KEY=<fake.key>.
 */

export interface FakeVideo {
  id: string;
  title: string;
  channelTitle?: string;
  viewCount: number;
  likeCount?: number;
}

export type YouTubeFaultKind = 'quota' | 'badKey' | 'slow' | 'error500';

export interface YouTubeFault {
  kind: YouTubeFaultKind;
  times?: number;
  path?: RegExp;
  delayMs?: number;
}

export const FAKE_YOUTUBE_KEY = 'fake-youtube-key';

export class FakeYouTube {
  /** Explicit videos; a search whose phrase is in their title finds them. */
  readonly videos: FakeVideo[] = [];
  /** Ids videos.list leaves out (deleted or private videos: a partial answer). */
  readonly missingIds = new Set<string>();
  readonly requests: { path: string; query: URLSearchParams; at: number }[] = [];
  private faults: (YouTubeFault & { remaining: number })[] = [];
  private generated = new Map<string, FakeVideo>();
  private server?: http.Server;
  url = '';

  get apiBase(): string {
    return `${this.url}/youtube/v3`;
  }
  get key(): string {
    return FAKE_YOUTUBE_KEY;
  }
  get env(): Record<string, string> {
    return { YOUTUBE_API_BASE: this.apiBase, YOUTUBE_API_KEY: this.key };
  }

  fail(fault: YouTubeFault): void {
    this.faults.push({ ...fault, remaining: fault.times ?? 1 });
  }

  clearFaults(): void {
    this.faults = [];
  }

  /** Listens on `port` (0: any free port; the browser journeys use fixed ones). */
  async start(port = 0): Promise<this> {
    this.server = http.createServer((request, response) => {
      void this.handle(request, response);
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }

  private takeFault(path: string): YouTubeFault | undefined {
    const fault = this.faults.find((f) => f.remaining > 0 && (!f.path || f.path.test(path)));
    if (!fault) return undefined;
    fault.remaining -= 1;
    return fault;
  }

  /** Three videos per unknown phrase, with view counts derived from it. */
  private generate(phrase: string): FakeVideo[] {
    const digest = createHash('sha256').update(phrase.toLowerCase()).digest();
    return [0, 1, 2].map((i) => {
      const id = `gen${digest.subarray(i * 4, i * 4 + 4).toString('hex')}`;
      const video = {
        id,
        title: `${phrase} ${['book review', 'trailer', 'author interview'][i]}`,
        channelTitle: 'Fake Channel',
        viewCount: digest.readUInt32BE(i * 4) % 2_000_000,
        likeCount: digest[12 + i] * 10,
      };
      this.generated.set(id, video);
      return video;
    });
  }

  private async handle(request: http.IncomingMessage, response: http.ServerResponse) {
    const url = new URL(request.url ?? '/', this.url);
    this.requests.push({ path: url.pathname, query: url.searchParams, at: Date.now() });
    const send = (status: number, body: unknown) => {
      if (response.destroyed) return;
      response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
      response.end(JSON.stringify(body));
    };
    const fault = this.takeFault(url.pathname);
    if (fault?.kind === 'slow') await new Promise((r) => setTimeout(r, fault.delayMs ?? 2000));
    if (fault?.kind === 'error500') {
      return send(500, googleErrorBody(500, 'Backend Error', 'backendError', 'INTERNAL'));
    }
    if (fault?.kind === 'quota') {
      const message =
        'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.';
      return send(403, {
        error: {
          code: 403,
          message,
          errors: [{ message, domain: 'youtube.quota', reason: 'quotaExceeded' }],
        },
      });
    }
    if (fault?.kind === 'badKey' || url.searchParams.get('key') !== this.key) {
      return send(400, apiKeyInvalidBody());
    }

    if (url.pathname === '/youtube/v3/search') {
      const q = url.searchParams.get('q') ?? '';
      const phrase = (/"([^"]+)"/.exec(q)?.[1] ?? q).trim();
      const max = Math.min(Number(url.searchParams.get('maxResults') ?? 5) || 5, 50);
      const explicit = this.videos.filter((v) =>
        v.title.toLowerCase().includes(phrase.toLowerCase()),
      );
      const found = explicit.length > 0 ? explicit : this.generate(phrase);
      return send(200, {
        kind: 'youtube#searchListResponse',
        etag: 'etag',
        regionCode: 'GB',
        pageInfo: { totalResults: found.length, resultsPerPage: max },
        items: found.slice(0, max).map((v) => ({
          kind: 'youtube#searchResult',
          etag: `etag-${v.id}`,
          id: { kind: 'youtube#video', videoId: v.id },
          snippet: {
            publishedAt: '2024-01-01T00:00:00Z',
            channelId: 'UCfake',
            title: v.title,
            description: '',
            channelTitle: v.channelTitle ?? 'Fake Channel',
          },
        })),
      });
    }
    if (url.pathname === '/youtube/v3/videos') {
      const ids = (url.searchParams.get('id') ?? '').split(',').filter(Boolean);
      const all = new Map([...this.generated, ...this.videos.map((v) => [v.id, v] as const)]);
      const items = ids
        .filter((id) => !this.missingIds.has(id))
        .flatMap((id) => {
          const video = all.get(id);
          return video
            ? [
                {
                  kind: 'youtube#video',
                  etag: `etag-${id}`,
                  id,
                  snippet: { title: video.title, channelTitle: video.channelTitle },
                  statistics: {
                    viewCount: String(video.viewCount),
                    likeCount: String(video.likeCount ?? 0),
                    favoriteCount: '0',
                    commentCount: '0',
                  },
                },
              ]
            : [];
        });
      return send(200, {
        kind: 'youtube#videoListResponse',
        etag: 'etag',
        items,
        pageInfo: { totalResults: items.length, resultsPerPage: items.length },
      });
    }
    return send(404, googleErrorBody(404, 'Not Found', 'notFound', 'NOT_FOUND'));
  }
}

export async function startFakeYouTube(): Promise<FakeYouTube> {
  return new FakeYouTube().start();
}
