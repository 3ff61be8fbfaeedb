/** The one error vocabulary of the API (STYLE.md 5). */
export const ERROR_STATUS = {
  VALIDATION: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  LIMIT_REACHED: 403,
  UPGRADE_REQUIRED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  PAYMENT_FAILED: 402,
  PROVIDER_UNAVAILABLE: 503,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

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
export const unauthenticated = (message = 'Unauthorised - please sign in') =>
  new AppError('UNAUTHENTICATED', message);
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
