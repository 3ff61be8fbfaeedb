import { z } from 'zod';

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
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

/**
 * Every error body: `{message, code, fields?}` plus room-specific extras (the view limit's
 * `upgradeRequired` and `resetDate`), hence loose.
 */
export const ErrorBodySchema = z.looseObject({
  message: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

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

/** What the browser makes of any error answer: the body when it has our shape, else nothing. */
export function parseErrorBody(body: unknown): Partial<ErrorBody> & Record<string, unknown> {
  const parsed = ErrorBodySchema.safeParse(body);
  if (parsed.success) return parsed.data;
  if (body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string') {
    return { message: (body as { message: string }).message };
  }
  return {};
}

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
