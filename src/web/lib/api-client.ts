import { isErrorCode, parseErrorBody, type ErrorCode } from '@/shared/errors';

/**
 * An error body as the browser reads it (DESIGN.md's `{message, code, fields?}` plus a
 * room's extras such as the view limit's `resetDate`), parsed by the shared error schema.
 */
export type ApiErrorBody = ReturnType<typeof parseErrorBody>;

/** The body text as JSON when it is JSON; otherwise the text itself is the message. */
function parseBodyText(text: string): unknown {
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    return { message: text };
  }
}

/**
 * A non-OK answer. Its message follows the spec: the status, a colon and space, then the
 * body text (or the status text when empty). The browser decides by `code` (the error
 * vocabulary of src/shared/errors.ts), never by the message text: null when the answer did
 * not come from our API (a proxy's HTML page, say).
 */
export class ApiError extends Error {
  readonly body: ApiErrorBody;
  readonly code: ErrorCode | null;

  constructor(
    readonly status: number,
    bodyText: string,
    statusText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
    this.body = parseErrorBody(parseBodyText(bodyText));
    this.code = isErrorCode(this.body.code) ? this.body.code : null;
  }
}

/** True when `error` is an API answer carrying `code`. */
export function hasErrorCode(error: unknown, code: ErrorCode): error is ApiError {
  return error instanceof ApiError && error.code === code;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** Same-origin request with credentials; JSON body and content type only when a body exists. */
export async function apiRequest<T>(url: string, options: RequestOptions = {}): Promise<T> {
  const hasBody = options.body !== undefined;
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
  const response = await fetch(url, {
    method: options.method ?? 'GET',
    credentials: 'include',
    headers: {
      ...(hasBody && !isForm ? { 'Content-Type': 'application/json' } : {}),
      ...options.headers,
    },
    body: hasBody
      ? isForm
        ? (options.body as FormData)
        : JSON.stringify(options.body)
      : undefined,
    signal: options.signal,
  });
  if (!response.ok) {
    throw new ApiError(response.status, await response.text(), response.statusText);
  }
  if (response.status === 204) return undefined as T;
  const type = response.headers.get('content-type') ?? '';
  return (type.includes('application/json') ? await response.json() : await response.text()) as T;
}

/** The server's human message, else the fallback (for toasts). */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.body.message) return error.body.message;
  return fallback;
}

/** Field messages of a 400 answer, keyed by field name. */
export function errorFields(error: unknown): Record<string, string> {
  return error instanceof ApiError && error.body.fields ? error.body.fields : {};
}

/** Not signed in, or the session has ended: the API answered UNAUTHENTICATED. */
export function isUnauthorizedError(error: unknown): boolean {
  return hasErrorCode(error, 'UNAUTHENTICATED');
}
