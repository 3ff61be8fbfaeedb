import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small X-API-v2-shaped server for tests and browser journeys: `GET tweets/search/recent`
 * (with author expansions) and `GET tweets/counts/recent`, answered in the documented shapes,
 * with Bearer-token checks (401 problem body), rate limits (429 with x-rate-limit-reset,
 * seconds since the epoch), partial answers (`data` with `errors`), slow answers and 503s.
 * Posts not given explicitly are generated from the query, deterministically.
 * Point the app at it with X_API_BASE=<fake.apiBase> and X_BEARER_TOKEN=<fake.token>.
 */

export interface FakePost {
  id: string;
  text: string;
  authorId: string;
  likeCount?: number;
  repostCount?: number;
}

export interface FakeUser {
  id: string;
  name: string;
  username: string;
  verified?: boolean;
}

export type XFaultKind = 'rateLimit' | 'badToken' | 'slow' | 'error503' | 'partial';

export interface XFault {
  kind: XFaultKind;
  times?: number;
  path?: RegExp;
  delayMs?: number;
  /** For rateLimit: when the window resets (default: 2 s from now). */
  resetAt?: Date;
}

export const FAKE_X_TOKEN = 'fake-x-bearer-token';

export class FakeX {
  readonly posts: FakePost[] = [];
  readonly users: FakeUser[] = [];
  readonly requests: { path: string; query: URLSearchParams; at: number }[] = [];
  private faults: (XFault & { remaining: number })[] = [];
  private server?: http.Server;
  url = '';

  get apiBase(): string {
    return `${this.url}/2`;
  }
  get token(): string {
    return FAKE_X_TOKEN;
  }
  get env(): Record<string, string> {
    return { X_API_BASE: this.apiBase, X_BEARER_TOKEN: this.token };
  }

  fail(fault: XFault): void {
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

  private takeFault(path: string): XFault | undefined {
    const fault = this.faults.find((f) => f.remaining > 0 && (!f.path || f.path.test(path)));
    if (!fault) return undefined;
    fault.remaining -= 1;
    return fault;
  }

  private found(query: string): { posts: FakePost[]; users: FakeUser[] } {
    const phrase = (/"([^"]+)"/.exec(query)?.[1] ?? query).toLowerCase().trim();
    const explicit = this.posts.filter((p) => p.text.toLowerCase().includes(phrase));
    if (explicit.length > 0) return { posts: explicit, users: this.users };
    const digest = createHash('sha256').update(phrase).digest();
    const count = 2 + (digest[0] % 4);
    const users: FakeUser[] = [
      { id: 'u1', name: 'Reader One', username: 'reader_one', verified: digest[1] % 2 === 0 },
      { id: 'u2', name: 'Harbour Books', username: 'harbourbooks', verified: true },
    ];
    const posts = Array.from({ length: count }, (_, i) => ({
      id: `gen${digest.subarray(i, i + 4).toString('hex')}${i}`,
      text:
        i === 0
          ? `Our #bookclub is reading "${phrase}" this month`
          : `Just finished "${phrase}", what a read`,
      authorId: i % 2 === 0 ? 'u1' : 'u2',
      likeCount: digest[i + 2],
      repostCount: digest[i + 3] % 20,
    }));
    return { posts, users };
  }

  private async handle(request: http.IncomingMessage, response: http.ServerResponse) {
    const url = new URL(request.url ?? '/', this.url);
    this.requests.push({ path: url.pathname, query: url.searchParams, at: Date.now() });
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      if (response.destroyed) return;
      response.writeHead(status, {
        'content-type':
          status === 200 ? 'application/json; charset=utf-8' : 'application/problem+json',
        ...headers,
      });
      response.end(JSON.stringify(body));
    };
    const fault = this.takeFault(url.pathname);
    if (fault?.kind === 'slow') await new Promise((r) => setTimeout(r, fault.delayMs ?? 2000));
    if (fault?.kind === 'error503') {
      return send(503, {
        title: 'Service Unavailable',
        detail: 'Service Unavailable',
        type: 'about:blank',
        status: 503,
      });
    }
    if (fault?.kind === 'rateLimit') {
      const resetAt = fault.resetAt ?? new Date(Date.now() + 2000);
      return send(
        429,
        {
          title: 'Too Many Requests',
          detail: 'Too Many Requests',
          type: 'about:blank',
          status: 429,
        },
        {
          'x-rate-limit-limit': '60',
          'x-rate-limit-remaining': '0',
          'x-rate-limit-reset': String(Math.ceil(resetAt.getTime() / 1000)),
        },
      );
    }
    if (fault?.kind === 'badToken' || request.headers.authorization !== `Bearer ${this.token}`) {
      return send(401, {
        title: 'Unauthorized',
        type: 'about:blank',
        status: 401,
        detail: 'Unauthorized',
      });
    }
    const rateHeaders = {
      'x-rate-limit-limit': '60',
      'x-rate-limit-remaining': '59',
      'x-rate-limit-reset': String(Math.ceil(Date.now() / 1000) + 900),
    };
    const query = url.searchParams.get('query') ?? '';
    if (!query) {
      return send(400, {
        errors: [
          { parameters: { query: [] }, message: 'The `query` query parameter can not be empty' },
        ],
        title: 'Invalid Request',
        detail: 'One or more parameters to your request was invalid.',
        type: 'https://api.twitter.com/2/problems/invalid-request',
      });
    }
    const { posts, users } = this.found(query);
    if (url.pathname === '/2/tweets/search/recent') {
      const max = Math.min(Number(url.searchParams.get('max_results') ?? 10) || 10, 100);
      const shown = posts.slice(0, max);
      const authorIds = new Set(shown.map((p) => p.authorId));
      return send(
        200,
        {
          ...(shown.length
            ? {
                data: shown.map((p) => ({
                  id: p.id,
                  text: p.text,
                  author_id: p.authorId,
                  edit_history_tweet_ids: [p.id],
                  public_metrics: {
                    retweet_count: p.repostCount ?? 0,
                    reply_count: 0,
                    like_count: p.likeCount ?? 0,
                    quote_count: 0,
                  },
                })),
                includes: {
                  users: users
                    .filter((u) => authorIds.has(u.id))
                    .map((u) => ({
                      id: u.id,
                      name: u.name,
                      username: u.username,
                      verified: Boolean(u.verified),
                    })),
                },
              }
            : {}),
          ...(fault?.kind === 'partial'
            ? {
                errors: [
                  {
                    value: 'u404',
                    detail: 'Could not find user with ids: [u404].',
                    title: 'Not Found Error',
                    resource_type: 'user',
                    parameter: 'author_id',
                    type: 'https://api.twitter.com/2/problems/resource-not-found',
                  },
                ],
              }
            : {}),
          meta: {
            result_count: shown.length,
            ...(shown.length ? { newest_id: shown[0].id, oldest_id: shown.at(-1)!.id } : {}),
          },
        },
        rateHeaders,
      );
    }
    if (url.pathname === '/2/tweets/counts/recent') {
      const total = posts.length * 7;
      const day = 24 * 3600 * 1000;
      const now = Date.now();
      return send(
        200,
        {
          data: Array.from({ length: 7 }, (_, i) => ({
            start: new Date(now - (7 - i) * day).toISOString(),
            end: new Date(now - (6 - i) * day).toISOString(),
            tweet_count: posts.length,
          })),
          meta: { total_tweet_count: total },
        },
        rateHeaders,
      );
    }
    return send(404, {
      title: 'Not Found Error',
      type: 'about:blank',
      status: 404,
      detail: 'Not Found',
    });
  }
}

export async function startFakeX(): Promise<FakeX> {
  return new FakeX().start();
}
