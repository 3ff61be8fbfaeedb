import type { FastifyLoggerOptions, FastifyRequest } from 'fastify';
import pino, { type DestinationStream, type LoggerOptions } from 'pino';
import type { Config } from './config';

/**
 * Keys whose values are secrets or personal data (issue 10, finding 4). Their values are
 * replaced with "[Redacted]" wherever a log line carries them (any depth, any letter case)
 * and in the query string of a logged URL.
 */
const SENSITIVE_LOG_KEYS = [
  'password',
  'newPassword',
  'currentPassword',
  'confirmPassword',
  'passwordHash',
  'token',
  'verifyToken',
  'resetToken',
  'email',
  'newEmail',
  'pendingEmail',
  'phoneNumber',
  'agencyContactPhone',
  'address',
  'cardNumber',
  'cvc',
  'cookie',
  'authorization',
  'set-cookie',
  'stripe-signature',
  // A failed query's values (see serializeError), should anything log them under this key.
  'params',
] as const;

const CENSOR = '[Redacted]';

const SENSITIVE_KEYS = new Set<string>(SENSITIVE_LOG_KEYS.map((key) => key.toLowerCase()));

/** Deeper than any object we log; only a guard against cycles. */
const MAX_REDACT_DEPTH = 10;

/**
 * The value with every sensitive key censored, copied where it changes (the caller's objects
 * are never touched). Errors, wherever they sit, go through serializeError; other class
 * instances (requests, dates) are left to their serializers, which log no sensitive field.
 *
 * Why not pino's `redact` option: it takes fixed paths, so "any depth" means a wildcard path
 * per key and level, and that cost about 150 µs per line against 6 µs for this walk.
 */
function redactValue(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== 'object' || depth > MAX_REDACT_DEPTH) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let index = 0; index < value.length; index += 1) {
      const item: unknown = value[index];
      const redacted = redactValue(item, depth + 1);
      if (redacted !== item) (copy ??= [...(value as unknown[])])[index] = redacted;
    }
    return copy ?? value;
  }
  if (value instanceof Error) return serializeError(value);
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  const record = value as Record<string, unknown>;
  let copy: Record<string, unknown> | undefined;
  for (const key of Object.keys(record)) {
    const inner = record[key];
    const redacted =
      SENSITIVE_KEYS.has(key.toLowerCase()) && inner !== null && inner !== undefined
        ? CENSOR
        : redactValue(inner, depth + 1);
    if (redacted !== inner) (copy ??= { ...record })[key] = redacted;
  }
  return copy ?? value;
}

/**
 * The request URL with sensitive path parameters (the verification link's token) and query
 * values (a reset page opened from its link) replaced, so links never reach the logs.
 */
function redactUrl(request: Pick<FastifyRequest, 'url' | 'params'>): string {
  const [path, query] = splitOnce(request.url, '?');
  const secrets = new Set<string>();
  const params = (request.params ?? {}) as Record<string, unknown>;
  for (const [key, value] of Object.entries(params)) {
    if (SENSITIVE_KEYS.has(key.toLowerCase()) && typeof value === 'string' && value) {
      secrets.add(value);
      secrets.add(encodeURIComponent(value));
    }
  }
  const safePath = secrets.size
    ? path
        .split('/')
        .map((segment) => (secrets.has(segment) ? CENSOR : segment))
        .join('/')
    : path;
  if (query === undefined) return safePath;
  const safeQuery = query
    .split('&')
    .map((pair) => {
      const [key] = splitOnce(pair, '=');
      return SENSITIVE_KEYS.has(safeDecode(key).toLowerCase()) ? `${key}=${CENSOR}` : pair;
    })
    .join('&');
  return `${safePath}?${safeQuery}`;
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const index = text.indexOf(separator);
  return index === -1 ? [text, undefined] : [text.slice(0, index), text.slice(index + 1)];
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

type SerializedError = ReturnType<typeof pino.stdSerializers.err>;

/** Errors already serialized (an error is serialized once, wherever it sits in the line). */
const serializedErrors = new WeakSet<object>();

/** How deep the cause chain of an error is searched for a failed query's parameters. */
const MAX_CAUSE_DEPTH = 5;

/**
 * The "\nparams: …" text Drizzle writes into a failed query's message (and so its stack),
 * for every failed query in the error's cause chain.
 */
function queryParameterTexts(error: unknown, found: string[] = [], depth = 0): string[] {
  if (depth > MAX_CAUSE_DEPTH || typeof error !== 'object' || error === null) return found;
  const { query, params, cause, errors } = error as Record<string, unknown>;
  if (typeof query === 'string' && Array.isArray(params)) {
    try {
      found.push(`\nparams: ${String(params)}`);
    } catch {
      // A value that cannot be turned into text cannot be in the message either.
    }
  }
  queryParameterTexts(cause, found, depth + 1);
  if (Array.isArray(errors)) {
    for (const inner of errors) queryParameterTexts(inner, found, depth + 1);
  }
  return found;
}

function withoutParameters(text: string, parameterTexts: string[]): string {
  let result = text;
  for (const parameters of parameterTexts) result = result.replaceAll(parameters, '');
  return result;
}

function scrubSerializedError(serialized: SerializedError, parameterTexts: string[]): void {
  if (typeof serialized.message === 'string') {
    serialized.message = withoutParameters(serialized.message, parameterTexts);
  }
  if (typeof serialized.stack === 'string') {
    serialized.stack = withoutParameters(serialized.stack, parameterTexts);
  }
  // PostgreSQL's detail repeats the values of a failing row ("Key (email)=(…) already exists").
  delete serialized.detail;
  for (const key of Object.keys(serialized)) {
    if (key === 'message' || key === 'stack' || key === 'type') continue;
    const value: unknown = serialized[key];
    if (SENSITIVE_KEYS.has(key.toLowerCase())) {
      serialized[key] = CENSOR;
    } else if (Array.isArray(value) || serializedErrors.has(value as object)) {
      // aggregateErrors, or an error held in a property: serialized by pino, scrubbed here.
      for (const item of Array.isArray(value) ? value : [value]) {
        if (item && typeof item === 'object' && 'stack' in item && 'message' in item) {
          scrubSerializedError(item as SerializedError, parameterTexts);
        }
      }
    } else {
      serialized[key] = redactValue(value, 1);
    }
  }
  serializedErrors.add(serialized);
}

/**
 * pino's error serializer, minus the values of failed queries: a DrizzleQueryError's message,
 * stack and `params` carry every parameter (password hashes, emails, phone numbers, addresses).
 */
export function serializeError(error: Error): SerializedError {
  if (serializedErrors.has(error)) return error as unknown as SerializedError;
  const serialized = pino.stdSerializers.err(error);
  if ((serialized as unknown) === error || typeof serialized !== 'object') return serialized;
  scrubSerializedError(serialized, queryParameterTexts(error));
  return serialized;
}

/**
 * The last guard, on the finished line: any "\nparams: …" of a failed query still in it (the
 * line's message when an error is logged without one, an error of another shape) is cut, up
 * to the end of its JSON string or the next stack frame.
 */
const LEFTOVER_QUERY_PARAMETERS = /\\nparams: (?:[^"\\]|\\(?!n {4}at ).)*/g;

function withoutLeftoverParameters(line: string): string {
  return line.includes('\\nparams: ') ? line.replace(LEFTOVER_QUERY_PARAMETERS, '') : line;
}

/** The logger every server instance uses: level from LOG_LEVEL, secrets and links redacted. */
export function createLoggerOptions(options: {
  level: Config['logLevel'];
  stream?: DestinationStream;
}): FastifyLoggerOptions & LoggerOptions {
  return {
    level: options.level,
    stream: options.stream,
    formatters: {
      log: (object) => redactValue(object, 0) as Record<string, unknown>,
    },
    hooks: { streamWrite: withoutLeftoverParameters },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
      err: serializeError,
      error: serializeError,
    },
  };
}
