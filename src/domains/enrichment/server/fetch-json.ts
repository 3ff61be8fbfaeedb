import { EnrichmentServiceError } from './service-error';

/** Every outbound call has a time limit; the adapters pass their own (tests pass short ones). */
export const DEFAULT_TIMEOUT_MS = 10_000;

export interface ServiceResponse {
  status: number;
  headers: Headers;
  body: unknown;
}

/**
 * One GET to an enrichment service. The URL is always built by an adapter from its configured
 * base (never taken from a user); a time-out or network failure becomes a typed error, and
 * the answer is handed back whatever its status so the adapter can read the service's own
 * error shape.
 */
export async function getJson(
  url: URL,
  options: { headers?: Record<string, string>; timeoutMs: number; service: string },
): Promise<ServiceResponse> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json', ...options.headers },
      signal: AbortSignal.timeout(options.timeoutMs),
      redirect: 'error',
    });
  } catch (error) {
    throw transportError(error, options.service, options.timeoutMs);
  }
  let body: unknown = null;
  try {
    const text = await response.text();
    body = text ? JSON.parse(text) : null;
  } catch (error) {
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      throw transportError(error, options.service, options.timeoutMs);
    }
    if (response.ok) {
      throw new EnrichmentServiceError(
        'unavailable',
        `${options.service} sent an unreadable answer`,
        {
          status: response.status,
          cause: error,
        },
      );
    }
  }
  return { status: response.status, headers: response.headers, body };
}

/**
 * Image bytes from an allowed host, at most `maxBytes`, within the time limit. Redirects are
 * followed only while they stay on allowed hosts.
 */
export async function getBytes(
  url: URL,
  options: {
    timeoutMs: number;
    maxBytes: number;
    service: string;
    isAllowed: (url: URL) => boolean;
  },
): Promise<Buffer> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let current = url;
  for (let hop = 0; hop < 4; hop += 1) {
    if (!options.isAllowed(current)) {
      throw new EnrichmentServiceError(
        'unavailable',
        `${options.service} image link is not on the service's own image host`,
      );
    }
    let response: Response;
    try {
      response = await fetch(current, { signal, redirect: 'manual' });
    } catch (error) {
      throw transportError(error, options.service, options.timeoutMs);
    }
    if (response.status >= 300 && response.status < 400 && response.headers.get('location')) {
      current = new URL(response.headers.get('location') ?? '', current);
      continue;
    }
    if (!response.ok || !response.body) {
      throw new EnrichmentServiceError(
        response.status === 404 ? 'not_found' : 'unavailable',
        `${options.service} image answered ${response.status}`,
        { status: response.status },
      );
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const reader = response.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.length;
        if (size > options.maxBytes) {
          await reader.cancel();
          throw new EnrichmentServiceError('unavailable', `${options.service} image is too large`);
        }
        chunks.push(Buffer.from(value));
      }
    } catch (error) {
      if (error instanceof EnrichmentServiceError) throw error;
      throw transportError(error, options.service, options.timeoutMs);
    }
    return Buffer.concat(chunks);
  }
  throw new EnrichmentServiceError('unavailable', `${options.service} image redirected too often`);
}

function transportError(error: unknown, service: string, timeoutMs: number) {
  const name = error instanceof Error ? error.name : '';
  if (name === 'TimeoutError' || name === 'AbortError') {
    return new EnrichmentServiceError(
      'timeout',
      `${service} did not answer within ${timeoutMs} ms`,
      {
        cause: error,
      },
    );
  }
  return new EnrichmentServiceError('unavailable', `${service} could not be reached`, {
    cause: error,
  });
}

/** Google APIs' error body: {error: {code, message, errors: [{reason}], details: [{reason}]}}. */
export function googleErrorReasons(body: unknown): { message: string; reasons: string[] } {
  const error = (body as { error?: Record<string, unknown> } | null)?.error;
  if (!error || typeof error !== 'object') return { message: '', reasons: [] };
  const reasons: string[] = [];
  for (const list of [error.errors, error.details]) {
    if (!Array.isArray(list)) continue;
    for (const item of list) {
      const reason = (item as { reason?: unknown })?.reason;
      if (typeof reason === 'string') reasons.push(reason);
    }
  }
  if (typeof error.status === 'string') reasons.push(error.status);
  return { message: typeof error.message === 'string' ? error.message : '', reasons };
}

const GOOGLE_QUOTA_REASONS = new Set([
  'quotaExceeded',
  'dailyLimitExceeded',
  'rateLimitExceeded',
  'userRateLimitExceeded',
  'RATE_LIMIT_EXCEEDED',
  'RESOURCE_EXHAUSTED',
]);
const GOOGLE_KEY_REASONS = new Set([
  'keyInvalid',
  'keyExpired',
  'API_KEY_INVALID',
  'API_KEY_SERVICE_BLOCKED',
  'accessNotConfigured',
  'SERVICE_DISABLED',
  'forbidden',
  'ipRefererBlocked',
]);

/** A Google API's error answer as our typed error (quota resets at midnight Pacific). */
export function googleError(
  response: ServiceResponse,
  service: string,
  nextQuotaDay: () => Date,
): EnrichmentServiceError {
  const { message, reasons } = googleErrorReasons(response.body);
  const { status } = response;
  const detail = message ? `: ${message}` : '';
  if (status === 429 || reasons.some((r) => GOOGLE_QUOTA_REASONS.has(r))) {
    return new EnrichmentServiceError('quota', `${service} quota exhausted${detail}`, {
      status,
      resetAt: nextQuotaDay(),
    });
  }
  if (status === 401 || reasons.some((r) => GOOGLE_KEY_REASONS.has(r))) {
    return new EnrichmentServiceError('bad_key', `${service} refused the API key${detail}`, {
      status,
    });
  }
  if (status === 404) {
    return new EnrichmentServiceError('not_found', `${service} has no such item${detail}`, {
      status,
    });
  }
  return new EnrichmentServiceError('unavailable', `${service} answered ${status}${detail}`, {
    status,
  });
}
