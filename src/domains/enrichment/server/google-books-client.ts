import { DEFAULT_TIMEOUT_MS, getBytes, getJson, googleError } from './fetch-json';
import { EnrichmentServiceError, nextPacificMidnight } from './service-error';

/** A Google Books volume as the rest of the room reads it. */
export interface BookVolume {
  id: string;
  title: string;
  subtitle?: string;
  authors: string[];
  publisher?: string;
  publishedDate?: string;
  description?: string;
  pageCount?: number;
  categories: string[];
  averageRating?: number;
  ratingsCount?: number;
  isbn10?: string;
  isbn13?: string;
  language?: string;
  /** The largest cover the service offers, on its own image host (never shown hot-linked). */
  coverLink?: string;
}

/** The books service port: the routes and jobs depend on this, not on Google. */
export interface BooksService {
  /** Full-text search (`q` may use Google's operators: isbn:, intitle:, inauthor:). */
  searchVolumes(query: string, maxResults: number): Promise<BookVolume[]>;
  getVolume(id: string): Promise<BookVolume>;
  /** A volume's cover image bytes, fetched only from the service's own image hosts. */
  fetchCover(volume: BookVolume): Promise<Buffer>;
}

/** Where Google Books serves its cover images (imageLinks). */
const GOOGLE_IMAGE_HOSTS = new Set(['books.google.com', 'books.googleusercontent.com']);
const COVER_MAX_BYTES = 10 * 1024 * 1024;
const VOLUME_ID = /^[\w-]{1,64}$/;

interface RawVolume {
  id?: unknown;
  volumeInfo?: {
    title?: unknown;
    subtitle?: unknown;
    authors?: unknown;
    publisher?: unknown;
    publishedDate?: unknown;
    description?: unknown;
    pageCount?: unknown;
    categories?: unknown;
    averageRating?: unknown;
    ratingsCount?: unknown;
    language?: unknown;
    industryIdentifiers?: unknown;
    imageLinks?: Record<string, unknown>;
  };
}

const str = (value: unknown) => (typeof value === 'string' && value.trim() ? value : undefined);
const num = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
const pageCountOf = (value: unknown) => {
  const pages = num(value);
  return pages ? Math.round(pages) : undefined;
};
const strings = (value: unknown) =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

export class GoogleBooksClient implements BooksService {
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

  async searchVolumes(query: string, maxResults: number): Promise<BookVolume[]> {
    const url = this.url('/volumes');
    url.searchParams.set('q', query);
    url.searchParams.set('maxResults', String(Math.min(Math.max(maxResults, 1), 40)));
    url.searchParams.set('printType', 'books');
    const body = await this.get(url);
    const items = (body as { items?: unknown })?.items;
    // No matches: Google leaves `items` out altogether.
    if (!Array.isArray(items)) return [];
    return items.map((item) => this.toVolume(item as RawVolume)).filter((v) => v !== null);
  }

  async getVolume(id: string): Promise<BookVolume> {
    if (!VOLUME_ID.test(id)) {
      throw new EnrichmentServiceError('not_found', 'Google Books has no such volume');
    }
    const volume = this.toVolume((await this.get(this.url(`/volumes/${id}`))) as RawVolume);
    if (!volume) throw new EnrichmentServiceError('unavailable', 'Google Books sent no volume');
    return volume;
  }

  async fetchCover(volume: BookVolume): Promise<Buffer> {
    if (!volume.coverLink) {
      throw new EnrichmentServiceError('not_found', 'Google Books has no cover for this volume');
    }
    return getBytes(new URL(volume.coverLink), {
      timeoutMs: this.timeoutMs,
      maxBytes: COVER_MAX_BYTES,
      service: 'Google Books',
      isAllowed: (url) => this.isImageHost(url),
    });
  }

  /** Covers come only from Google's image hosts, or from the configured service's own host. */
  isImageHost(url: URL): boolean {
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
    if (GOOGLE_IMAGE_HOSTS.has(url.hostname)) return url.protocol === 'https:';
    return url.host === new URL(this.base).host;
  }

  private url(pathname: string): URL {
    const url = new URL(`${this.base}${pathname}`);
    url.searchParams.set('key', this.apiKey);
    return url;
  }

  private async get(url: URL): Promise<unknown> {
    const response = await getJson(url, { timeoutMs: this.timeoutMs, service: 'Google Books' });
    if (response.status !== 200) {
      throw googleError(response, 'Google Books', () => nextPacificMidnight(this.now()));
    }
    return response.body;
  }

  private toVolume(raw: RawVolume): BookVolume | null {
    const id = str(raw?.id);
    const info = raw?.volumeInfo;
    const title = str(info?.title);
    if (!id || !info || !title) return null;
    const identifiers = Array.isArray(info.industryIdentifiers)
      ? (info.industryIdentifiers as { type?: unknown; identifier?: unknown }[])
      : [];
    const isbn = (type: string) =>
      str(identifiers.find((entry) => entry?.type === type)?.identifier);
    return {
      id,
      title,
      subtitle: str(info.subtitle),
      authors: strings(info.authors),
      publisher: str(info.publisher),
      publishedDate: str(info.publishedDate),
      description: str(info.description),
      pageCount: pageCountOf(info.pageCount),
      categories: strings(info.categories),
      averageRating: num(info.averageRating),
      ratingsCount: num(info.ratingsCount),
      isbn10: isbn('ISBN_10'),
      isbn13: isbn('ISBN_13'),
      language: str(info.language),
      coverLink: this.coverLinkOf(info.imageLinks),
    };
  }

  /** The largest image link, on https for Google's hosts, without the page-curl effect. */
  private coverLinkOf(links: Record<string, unknown> | undefined): string | undefined {
    if (!links) return undefined;
    for (const size of ['extraLarge', 'large', 'medium', 'small', 'thumbnail', 'smallThumbnail']) {
      const link = str(links[size]);
      if (!link) continue;
      try {
        const url = new URL(link);
        if (GOOGLE_IMAGE_HOSTS.has(url.hostname)) url.protocol = 'https:';
        url.searchParams.delete('edge');
        if (this.isImageHost(url)) return url.toString();
      } catch {
        // An unreadable link is no cover.
      }
    }
    return undefined;
  }
}
