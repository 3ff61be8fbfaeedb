/**
 * What went wrong talking to an enrichment service, in the words the jobs act on:
 * quota      the service's quota or rate limit is spent; `resetAt` says when it comes back
 * bad_key    the key or token was refused (400/401/403 keyInvalid): an admin must fix config
 * timeout    no answer within the call's time limit
 * not_found  the volume/resource does not exist
 * unavailable anything else (5xx, a dropped connection, an answer we cannot read)
 */
export type ServiceErrorKind = 'quota' | 'bad_key' | 'timeout' | 'not_found' | 'unavailable';

export class EnrichmentServiceError extends Error {
  constructor(
    readonly kind: ServiceErrorKind,
    message: string,
    readonly options: { resetAt?: Date; status?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'EnrichmentServiceError';
  }

  get resetAt(): Date | undefined {
    return this.options.resetAt;
  }
}

/**
 * Google's daily quotas (YouTube, Books) reset at midnight Pacific Time: the next such
 * midnight after `now`, found with the platform's time-zone data (daylight saving included).
 */
export function nextPacificMidnight(now: Date): Date {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/Los_Angeles',
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(now);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const elapsedMs =
    ((get('hour') * 60 + get('minute')) * 60 + get('second')) * 1000 + now.getMilliseconds();
  return new Date(now.getTime() - elapsedMs + 24 * 3600 * 1000);
}
