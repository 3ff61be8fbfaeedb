// The zod schema has a file of its own so the browser's parser below does not bring zod to
// the first page load (bench/bundle.mjs): only routes that use the schema load it.
import { ErrorBodySchema, type ErrorBody } from './error-body-schema';

export { ErrorBodySchema, type ErrorBody };

/**
 * The one error vocabulary of the API (STYLE.md 5): a code, the HTTP status it maps to, and a
 * message a person may read. Server and browser both import this file.
 */
export const ERROR_STATUS = {
  VALIDATION: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  PAYMENT_FAILED: 402,
  FORBIDDEN: 403,
  LIMIT_REACHED: 403,
  UPGRADE_REQUIRED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  PROVIDER_UNAVAILABLE: 503,
  NOT_READY: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 429 | 500 | 503;

/** Response schemas for a route's error statuses: `response: {200: X, ...errorResponses(400, 404)}`. */
export function errorResponses<S extends ErrorStatus>(
  ...statuses: S[]
): Record<S, typeof ErrorBodySchema> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorBodySchema])) as Record<
    S,
    typeof ErrorBodySchema
  >;
}

/**
 * What the browser makes of any error answer: the body when it has our shape (what
 * ErrorBodySchema accepts), else its message alone, else nothing. Written without zod, for
 * the reason above.
 */
export function parseErrorBody(body: unknown): Partial<ErrorBody> & Record<string, unknown> {
  if (!isRecord(body) || typeof body.message !== 'string') return {};
  const { message, code, fields } = body;
  const hasFields =
    fields === undefined ||
    (isRecord(fields) && Object.values(fields).every((value) => typeof value === 'string'));
  return typeof code === 'string' && hasFields ? { ...body, message, code } : { message };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && value in ERROR_STATUS;

export interface AppErrorOptions {
  fields?: Record<string, string>;
  /** Extra top-level properties for the JSON body (e.g. upgradeRequired, resetDate). */
  extra?: Record<string, unknown>;
  headers?: Record<string, string>;
  cause?: unknown;
}

export class AppError extends Error {
  readonly status: number;
  readonly fields?: Record<string, string>;
  readonly extra?: Record<string, unknown>;
  readonly headers?: Record<string, string>;

  constructor(
    readonly code: ErrorCode,
    message: string,
    options: AppErrorOptions = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
    this.fields = options.fields;
    this.extra = options.extra;
    this.headers = options.headers;
  }
}

export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message);
export const forbidden = (message = 'You are not allowed to do that') =>
  new AppError('FORBIDDEN', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const validation = (message: string, fields?: Record<string, string>) =>
  new AppError('VALIDATION', message, { fields });

/** Postgres error code of a failed query (Drizzle wraps it in `cause`). */
export function postgresErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
