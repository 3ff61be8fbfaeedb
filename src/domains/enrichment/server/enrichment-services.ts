import type { Config } from '@/server/config';
import { AppError } from '@/shared/errors';
import {
  ENRICHMENT_SETTING,
  notConfiguredMessage,
  type EnrichmentSource,
} from '../enrichment.constants';
import type { ServiceConfig } from '../enrichment.schema';
import { GoogleBooksClient, type BooksService } from './google-books-client';
import { XClient, type SocialService } from './x-client';
import { YouTubeClient, type VideoService } from './youtube-client';

/** The three ports; null where the key is not set (never a pretend service). */
export interface EnrichmentServices {
  google_books: BooksService | null;
  youtube: VideoService | null;
  twitter: SocialService | null;
}

export function createEnrichmentServices(config: Config): EnrichmentServices {
  const { googleBooks, youtube, x } = config.enrichment;
  return {
    google_books: googleBooks.apiKey
      ? new GoogleBooksClient({ apiKey: googleBooks.apiKey, apiBase: googleBooks.apiBase })
      : null,
    youtube: youtube.apiKey
      ? new YouTubeClient({ apiKey: youtube.apiKey, apiBase: youtube.apiBase })
      : null,
    twitter: x.bearerToken ? new XClient({ bearerToken: x.bearerToken, apiBase: x.apiBase }) : null,
  };
}

export function serviceConfig(
  services: EnrichmentServices,
  source: EnrichmentSource,
): ServiceConfig {
  return { isConfigured: services[source] !== null, setting: ENRICHMENT_SETTING[source] };
}

/**
 * A service without its key: a 409 (the installation's state refuses the action) naming the
 * setting to set, so nothing pretends to enrich. 503 stays for a configured service that
 * does not answer or refuses its key.
 */
export class NotConfiguredError extends AppError {
  constructor(readonly source: EnrichmentSource) {
    super('CONFLICT', notConfiguredMessage(source), {
      extra: { setting: ENRICHMENT_SETTING[source] },
    });
  }
}

export function notConfigured(source: EnrichmentSource): AppError {
  return new NotConfiguredError(source);
}

export function requireService<S extends EnrichmentSource>(
  services: EnrichmentServices,
  source: S,
): NonNullable<EnrichmentServices[S]> {
  const service = services[source];
  if (!service) throw notConfigured(source);
  return service as NonNullable<EnrichmentServices[S]>;
}
