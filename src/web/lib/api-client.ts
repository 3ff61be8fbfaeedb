/** The shape of every API error body (DESIGN.md). */
export interface ApiErrorBody {
  message?: string;
  code?: string;
  fields?: Record<string, string>;
  upgradeRequired?: boolean;
  resetDate?: string;
  [key: string]: unknown;
}

/**
 * A non-OK answer. Its message follows the spec: the status, a colon and space, then the
 * body text (or the status text when empty). `body` is the parsed JSON when there is one.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
    bodyText: string,
    statusText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
  }
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
    const text = await response.text();
    let body: ApiErrorBody = {};
    try {
      body = text ? (JSON.parse(text) as ApiErrorBody) : {};
    } catch {
      body = { message: text };
    }
    throw new ApiError(response.status, body, text, response.statusText);
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

/** The spec's rule: status 401, or a message containing '401' or 'Unauthorized'. */
export function isUnauthorizedError(error: unknown): boolean {
  if (error instanceof ApiError && error.status === 401) return true;
  const message = error instanceof Error ? error.message : String(error);
  return message.includes('401') || /Unauthori[sz]ed/.test(message);
}
