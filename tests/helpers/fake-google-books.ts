import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/**
 * A small Google-Books-shaped HTTP server for tests and browser journeys: `GET volumes?q=`
 * (with isbn:, intitle:, inauthor: operators or free words), `GET volumes/{id}`, and the cover
 * images behind each volume's imageLinks, answered in the API's documented shapes (volumes
 * lists without `items` when nothing matches; errors as {error: {code, message, errors[],
 * status, details[]}}). Faults can be injected for the next matching calls.
 * Point the app at it with GOOGLE_BOOKS_API_BASE=<fake.apiBase> and GOOGLE_BOOKS_API_KEY=<fake.key>.
 */

export interface FakeVolume {
  id: string;
  title: string;
  authors: string[];
  isbn13?: string;
  isbn10?: string;
  publisher?: string;
  publishedDate?: string;
  pageCount?: number;
  categories?: string[];
  averageRating?: number;
  ratingsCount?: number;
  description?: string;
  /** Serve a cover through the fake's image path (default true). */
  hasCover?: boolean;
  /** An imageLinks.thumbnail pointing elsewhere (to test that only the service's host is used). */
  coverLinkOverride?: string;
}

export type BooksFaultKind = 'quota' | 'badKey' | 'slow' | 'error500' | 'notImage';

export interface BooksFault {
  kind: BooksFaultKind;
  times?: number;
  path?: RegExp;
  /** For `slow`: how long to wait before answering (default 2 s). */
  delayMs?: number;
}

export const FAKE_GOOGLE_BOOKS_KEY = 'fake-google-books-key';

export const DEMO_VOLUMES: FakeVolume[] = [
  {
    id: 'vol-lighthouse-1',
    title: 'The Lighthouse Keeper',
    authors: ['Ada Marlow'],
    isbn13: '9780000000011',
    isbn10: '0000000011',
    publisher: 'Harbour Press',
    publishedDate: '2019-05-02',
    pageCount: 352,
    categories: ['Fiction / Thrillers / Psychological'],
    averageRating: 4.2,
    ratingsCount: 1830,
    description: 'A keeper, a storm and a secret.',
  },
];

export class FakeGoogleBooks {
  readonly volumes = new Map<string, FakeVolume>();
  readonly requests: { method: string; path: string; query: URLSearchParams }[] = [];
  private faults: (BooksFault & { remaining: number })[] = [];
  private server?: http.Server;
  private coverPng?: Buffer;
  url = '';

  constructor(volumes: FakeVolume[] = DEMO_VOLUMES) {
    for (const volume of volumes) this.volumes.set(volume.id, volume);
  }

  /** e.g. http://127.0.0.1:PORT/books/v1 */
  get apiBase(): string {
    return `${this.url}/books/v1`;
  }
  get key(): string {
    return FAKE_GOOGLE_BOOKS_KEY;
  }
  /** Environment for the app under test. */
  get env(): Record<string, string> {
    return { GOOGLE_BOOKS_API_BASE: this.apiBase, GOOGLE_BOOKS_API_KEY: this.key };
  }

  add(volume: FakeVolume): void {
    this.volumes.set(volume.id, volume);
  }

  fail(fault: BooksFault): void {
    this.faults.push({ ...fault, remaining: fault.times ?? 1 });
  }

  clearFaults(): void {
    this.faults = [];
  }

  /** Listens on `port` (0: any free port; the browser journeys use fixed ones). */
  async start(port = 0): Promise<this> {
    this.coverPng = await sharp({
      create: { width: 120, height: 180, channels: 3, background: { r: 30, g: 60, b: 90 } },
    })
      .png()
      .toBuffer();
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

  private takeFault(path: string): BooksFault | undefined {
    const fault = this.faults.find((f) => f.remaining > 0 && (!f.path || f.path.test(path)));
    if (!fault) return undefined;
    fault.remaining -= 1;
    return fault;
  }

  private async handle(request: http.IncomingMessage, response: http.ServerResponse) {
    const url = new URL(request.url ?? '/', this.url);
    this.requests.push({
      method: request.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
    });
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      if (response.destroyed) return;
      response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
      response.end(JSON.stringify(body));
    };
    const fault = this.takeFault(url.pathname);
    if (fault?.kind === 'slow') await new Promise((r) => setTimeout(r, fault.delayMs ?? 2000));
    if (fault?.kind === 'error500') {
      return send(500, googleErrorBody(500, 'Backend Error', 'backendError', 'INTERNAL'));
    }

    if (url.pathname === '/books/content') {
      const volume = this.volumes.get(url.searchParams.get('id') ?? '');
      if (!volume || volume.hasCover === false) return send(404, {});
      if (fault?.kind === 'notImage') {
        response.writeHead(200, { 'content-type': 'image/png' });
        return response.end('<html>not an image</html>');
      }
      response.writeHead(200, { 'content-type': 'image/png' });
      return response.end(this.coverPng);
    }

    if (fault?.kind === 'quota') {
      return send(
        429,
        googleErrorBody(
          429,
          "Quota exceeded for quota metric 'Queries' and limit 'Queries per day'",
          'rateLimitExceeded',
          'RESOURCE_EXHAUSTED',
        ),
      );
    }
    if (fault?.kind === 'badKey' || url.searchParams.get('key') !== this.key) {
      return send(400, apiKeyInvalidBody());
    }

    const volumeMatch = /^\/books\/v1\/volumes\/([^/]+)$/.exec(url.pathname);
    if (volumeMatch) {
      const volume = this.volumes.get(decodeURIComponent(volumeMatch[1]));
      if (!volume)
        return send(
          404,
          googleErrorBody(404, 'The volume ID could not be found.', 'notFound', 'NOT_FOUND'),
        );
      return send(200, this.toApi(volume));
    }
    if (url.pathname === '/books/v1/volumes') {
      const q = url.searchParams.get('q') ?? '';
      if (!q.trim())
        return send(
          400,
          googleErrorBody(400, 'Missing query.', 'queryRequired', 'INVALID_ARGUMENT'),
        );
      const max = Math.min(Number(url.searchParams.get('maxResults') ?? 10) || 10, 40);
      const found = [...this.volumes.values()].filter((v) => matches(v, q));
      if (found.length === 0) return send(200, { kind: 'books#volumes', totalItems: 0 });
      return send(200, {
        kind: 'books#volumes',
        totalItems: found.length,
        items: found.slice(0, max).map((v) => this.toApi(v)),
      });
    }
    return send(404, googleErrorBody(404, 'Not Found', 'notFound', 'NOT_FOUND'));
  }

  private toApi(volume: FakeVolume) {
    const identifiers = [
      ...(volume.isbn13 ? [{ type: 'ISBN_13', identifier: volume.isbn13 }] : []),
      ...(volume.isbn10 ? [{ type: 'ISBN_10', identifier: volume.isbn10 }] : []),
    ];
    const cover =
      volume.coverLinkOverride ??
      `${this.url}/books/content?id=${encodeURIComponent(volume.id)}&printsec=frontcover&img=1&zoom=1&edge=curl&source=gbs_api`;
    return {
      kind: 'books#volume',
      id: volume.id,
      etag: `etag-${volume.id}`,
      selfLink: `${this.apiBase}/volumes/${volume.id}`,
      volumeInfo: {
        title: volume.title,
        authors: volume.authors,
        publisher: volume.publisher,
        publishedDate: volume.publishedDate,
        description: volume.description,
        industryIdentifiers: identifiers,
        pageCount: volume.pageCount,
        printType: 'BOOK',
        categories: volume.categories,
        averageRating: volume.averageRating,
        ratingsCount: volume.ratingsCount,
        language: 'en',
        ...(volume.hasCover === false
          ? {}
          : {
              imageLinks: { smallThumbnail: cover.replace('zoom=1', 'zoom=5'), thumbnail: cover },
            }),
        infoLink: `https://books.google.com/books?id=${volume.id}`,
      },
    };
  }
}

const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);

/** Google's operators as the fake understands them: isbn:, intitle:"...", inauthor:"...", words. */
function matches(volume: FakeVolume, q: string): boolean {
  const isbn = /isbn:([\dxX-]+)/.exec(q)?.[1]?.replace(/-/g, '');
  if (isbn) return volume.isbn13 === isbn || volume.isbn10 === isbn;
  const title = /intitle:(?:"([^"]*)"|(\S+))/.exec(q);
  const author = /inauthor:(?:"([^"]*)"|(\S+))/.exec(q);
  const rest = q.replace(/in(title|author):(?:"[^"]*"|\S+)/g, ' ');
  const titleWords = words(volume.title);
  const authorWords = words(volume.authors.join(' '));
  if (title && !words(title[1] ?? title[2]).every((w) => titleWords.includes(w))) return false;
  if (author && !words(author[1] ?? author[2]).every((w) => authorWords.includes(w))) return false;
  const free = words(rest);
  return free.every((w) => titleWords.includes(w) || authorWords.includes(w));
}

export function googleErrorBody(code: number, message: string, reason: string, status: string) {
  return {
    error: { code, message, errors: [{ message, domain: 'global', reason }], status },
  };
}

/** What Google answers for a wrong key (400, API_KEY_INVALID). */
export function apiKeyInvalidBody() {
  const message = 'API key not valid. Please pass a valid API key.';
  return {
    error: {
      code: 400,
      message,
      errors: [{ message, domain: 'global', reason: 'badRequest' }],
      status: 'INVALID_ARGUMENT',
      details: [
        {
          '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
          reason: 'API_KEY_INVALID',
          domain: 'googleapis.com',
        },
      ],
    },
  };
}

export async function startFakeGoogleBooks(volumes?: FakeVolume[]): Promise<FakeGoogleBooks> {
  return new FakeGoogleBooks(volumes).start();
}
