import type { AppDeps } from '@/server/deps';
import { AppError } from '@/shared/errors';
import {
  ENRICHMENT_SETTING,
  ENRICHMENT_SERVICE_NAME,
  type EnrichmentSource,
} from '../enrichment.constants';
import type { EnrichmentServices } from './enrichment-services';
import { EnrichmentServiceError } from './service-error';

/** What the enrichment use cases need: the database, storage for covers, and the ports. */
export type EnrichmentDeps = Pick<AppDeps, 'db' | 'storage' | 'log'> & {
  services: EnrichmentServices;
};

/** A service's failure as the API's answer (for the calls an admin waits on). */
export function toAppError(error: unknown, source: EnrichmentSource): unknown {
  if (!(error instanceof EnrichmentServiceError)) return error;
  const name = ENRICHMENT_SERVICE_NAME[source];
  switch (error.kind) {
    case 'quota': {
      const seconds = error.resetAt
        ? Math.max(1, Math.ceil((error.resetAt.getTime() - Date.now()) / 1000))
        : 60;
      return new AppError('RATE_LIMITED', `${name} quota is used up; it resets later`, {
        headers: { 'retry-after': String(seconds) },
        extra: { resetAt: error.resetAt?.toISOString() ?? null },
        cause: error,
      });
    }
    case 'bad_key':
      return new AppError(
        'PROVIDER_UNAVAILABLE',
        `${name} refused the key: check ${ENRICHMENT_SETTING[source]}`,
        { extra: { setting: ENRICHMENT_SETTING[source] }, cause: error },
      );
    case 'not_found':
      return new AppError('NOT_FOUND', `${name} has no such book`, { cause: error });
    default:
      return new AppError('PROVIDER_UNAVAILABLE', `${name} is not answering; try again shortly`, {
        cause: error,
      });
  }
}
