import fc from 'fast-check';
import type { MatrixRole } from '../security-world';
import {
  fillPath,
  type JsonSchema,
  type Operation,
  type Parameter,
  type RealValues,
} from './openapi-operations';
import { VALID_EXAMPLES } from './valid-examples';

/**
 * Generated bad input for one operation of the OpenAPI document, from its own schemas
 * (issue 10): values that keep to the schema's shape but carry hostile content, wrong types,
 * missing and extra fields, huge and unicode strings, control characters, negative and huge
 * numbers, deep JSON, wrong content types, odd path and query values and odd headers.
 */

export const STRATEGIES = [
  'nasty-but-valid',
  'wrong-type',
  'missing-field',
  'extra-fields',
  'numbers',
  'huge-string',
  'control-and-unicode',
  'deep-json',
  'whole-body',
  'content-type',
  'multipart',
  'path-values',
  'query-values',
  'headers',
  // Sent for every operation every time (every-time-cases.ts), never left to the sample.
  'no-body',
  'empty-body',
  'empty-object',
] as const;
export type Strategy = (typeof STRATEGIES)[number];

export interface FuzzCase {
  strategy: Strategy;
  /** Who sends it (signed in, most of the time, so bad input gets past the auth guard). */
  role: MatrixRole;
  method: string;
  /** Path with its encoded values, and the query string. */
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** The input breaks the operation's schema for certain: only a 4xx is a right answer. */
  mustReject: boolean;
}

// ---------------------------------------------------------------------------------------------
// Strings and numbers

const CONTROL_CHARACTERS = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\u0008',
  '\u000b',
  '\u000c',
  '\u001b',
  '\u001f',
  '\u007f',
  '\u0085',
  '\u009f',
];
const UNICODE = [
  'é',
  'ß',
  'İ',
  '😀',
  '👩‍👩‍👧',
  '\u202e',
  '\u200b',
  '\ufeff',
  '\ud800',
  '\udfff',
  '𝕏',
  '中文',
  'عربى',
  '\uffff',
  '\u2028',
  '١٢٣',
  'ｆｕｌｌ',
  'e\u0301',
];
const HOSTILE = [
  "'",
  "''",
  '"',
  '\\',
  '%',
  '_',
  '$1',
  '%00',
  '\\x00',
  "' OR '1'='1",
  "1' AND pg_sleep(1)--",
  '"; DROP TABLE users; --',
  "') UNION SELECT password_hash FROM users--",
  '<script>alert(1)</script>',
  '{{7*7}}',
  '${7*7}',
  '../../etc/passwd',
  'null',
  'undefined',
  'NaN',
  '-1',
  '0',
  ' ',
  '',
  '\t\n\r',
];

const controlCharacter = fc.constantFrom(...CONTROL_CHARACTERS);
const unicodePiece = fc.constantFrom(...UNICODE);
const hostilePiece = fc.constantFrom(...HOSTILE);

/** A string of at most `max` code units, built from hostile pieces. */
function hostileString(min = 0, max = 200): fc.Arbitrary<string> {
  const pieces = fc
    .array(
      fc.oneof(
        { weight: 3, arbitrary: fc.string({ maxLength: 8 }) },
        { weight: 2, arbitrary: unicodePiece },
        { weight: 2, arbitrary: hostilePiece },
        { weight: 1, arbitrary: controlCharacter },
      ),
      { minLength: 1, maxLength: 12 },
    )
    .map((parts) => parts.join(''));
  return fc
    .oneof(
      { weight: 4, arbitrary: pieces },
      { weight: 2, arbitrary: fc.string({ unit: 'binary', minLength: min, maxLength: max }) },
      { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: min, maxLength: max }) },
      { weight: 1, arbitrary: fc.constant('x'.repeat(Math.min(max, 20_000))) },
    )
    .map((value) => pad(value.slice(0, max), min));
}

const pad = (value: string, min: number) => (value.length >= min ? value : value.padEnd(min, 'a'));

/** A string containing at least one control character or odd unicode. */
const controlOrUnicodeString = fc
  .tuple(
    fc.string({ maxLength: 10 }),
    fc.oneof(controlCharacter, unicodePiece),
    fc.string({ maxLength: 10 }),
  )
  .map(([a, b, c]) => `${a}${b}${c}`);

const EDGE_NUMBERS = [
  -1,
  -0,
  0,
  0.5,
  1.5,
  -2_147_483_649,
  2_147_483_647,
  2_147_483_648,
  4_294_967_296,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  1e21,
  1e308,
  -1e308,
  Number.MIN_VALUE,
  Number.EPSILON,
];
const edgeNumber = fc.oneof(
  fc.constantFrom(...EDGE_NUMBERS),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** Raw JSON number texts JSON.stringify would never write. */
const RAW_NUMBER_TEXTS = ['1e400', '-1e400', '00012', '1.', '.5', '0x10', 'Infinity', 'NaN', '-'];

const hugeString = fc
  // No whitespace: a trimmed optional field would rightly take a huge blank as empty.
  .tuple(fc.constantFrom('x', 'é', '😀', '\u0000'), fc.integer({ min: 1_000, max: 300_000 }))
  .map(([unit, count]) => unit.repeat(count));

const wrongTypeValue = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string({ maxLength: 20 }),
  fc.constant([]),
  fc.constant({}),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
);

// ---------------------------------------------------------------------------------------------
// Values that keep to a schema

const typesOf = (schema: JsonSchema): string[] =>
  schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];

function integerBounds(schema: JsonSchema): { min: number; max: number } {
  let min = schema.minimum ?? -(2 ** 31);
  let max = schema.maximum ?? 2 ** 31 - 1;
  if (schema.exclusiveMinimum === true) min += 1;
  if (typeof schema.exclusiveMinimum === 'number') min = schema.exclusiveMinimum + 1;
  if (schema.exclusiveMaximum === true) max -= 1;
  if (typeof schema.exclusiveMaximum === 'number') max = schema.exclusiveMaximum - 1;
  return {
    min: Math.max(min, Number.MIN_SAFE_INTEGER),
    max: Math.min(max, Number.MAX_SAFE_INTEGER),
  };
}

/** A value that satisfies the schema's types and bounds, with hostile content in strings. */
export function conforming(
  schema: JsonSchema,
  real: string[] = [],
  depth = 0,
): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return fc.oneof(...variants.map((variant) => conforming(variant, real, depth)));
  const base = conformingByType(schema, real, depth);
  return schema.nullable ? fc.oneof(base, fc.constant(null)) : base;
}

function conformingByType(
  schema: JsonSchema,
  real: string[],
  depth: number,
): fc.Arbitrary<unknown> {
  const type = typesOf(schema)[0];
  switch (type) {
    case 'string': {
      const min = schema.minLength ?? 0;
      const max = Math.min(schema.maxLength ?? 2_000, 20_000);
      const shaped = schema.pattern
        ? fc
            .stringMatching(new RegExp(schema.pattern))
            .filter((v) => v.length >= min && v.length <= max)
        : hostileString(min, max);
      return real.length > 0
        ? fc.oneof(
            { weight: 1, arbitrary: shaped },
            { weight: 1, arbitrary: fc.constantFrom(...real) },
          )
        : shaped;
    }
    case 'integer': {
      const { min, max } = integerBounds(schema);
      const realNumbers = real
        .map(Number)
        .filter((n) => Number.isInteger(n) && n >= min && n <= max);
      return fc.oneof(
        fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31 - 1) }),
        fc.constantFrom(min, max),
        ...(realNumbers.length ? [fc.constantFrom(...realNumbers)] : []),
      );
    }
    case 'number': {
      const realNumbers = real.map(Number).filter(Number.isFinite);
      return fc.oneof(
        fc.double({
          noNaN: true,
          noDefaultInfinity: true,
          min: schema.minimum ?? -1e12,
          max: schema.maximum ?? 1e12,
        }),
        ...(realNumbers.length ? [fc.constantFrom(...realNumbers)] : []),
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(conforming(schema.items ?? {}, [], depth + 1), { maxLength: 4 });
    case 'object':
      return depth > 4 ? fc.constant({}) : conformingObject(schema, {}, depth);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function conformingObject(
  schema: JsonSchema,
  realValues: RealValues,
  depth: number,
): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const model = Object.fromEntries(
    Object.entries(properties).map(([name, property]) => [
      name,
      conforming(property, realValues[name] ?? [], depth + 1),
    ]),
  );
  return fc.record(model, { requiredKeys: (schema.required ?? []).filter((k) => k in properties) });
}

/** The body schema as an object schema (a oneOf of objects: one of them). */
export function bodyArbitrary(body: JsonSchema, realValues: RealValues): fc.Arbitrary<unknown> {
  const variants = body.oneOf ?? body.anyOf;
  if (variants) return fc.oneof(...variants.map((variant) => bodyArbitrary(variant, realValues)));
  if (typesOf(body)[0] === 'object' || body.properties)
    return conformingObject(body, realValues, 0);
  return conforming(body);
}

// ---------------------------------------------------------------------------------------------
// Paths, query strings and headers

/** Path values that are odd in themselves, already percent-encoded for the URL. */
const ODD_PATH_VALUES = [
  '0',
  '-1',
  '1.5',
  '1e3',
  '0x10',
  '00001',
  '+1',
  '%201',
  '2147483647',
  '2147483648',
  '9007199254740993',
  '9'.repeat(40),
  'NaN',
  'null',
  'undefined',
  'true',
  '%00',
  '1%00',
  '%0a',
  '%FF',
  '%C0%AF',
  '%2e%2e',
  '%2F',
  '..',
  '%E2%80%AE',
  '%F0%9F%98%80',
  encodeURIComponent('١٢'),
  encodeURIComponent("1' OR '1'='1"),
  encodeURIComponent('1;DROP TABLE offers'),
  'a'.repeat(2_100),
  '1'.repeat(300),
];

/** Encodes a generated value for a path segment (a lone surrogate cannot be encoded: raw). */
function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

function pathValue(parameter: Parameter, realValues: RealValues): fc.Arbitrary<string> {
  const real = realValues[parameter.name] ?? [];
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...ODD_PATH_VALUES) },
    { weight: 2, arbitrary: conforming(parameter.schema).map((v) => encodeSegment(String(v))) },
    { weight: 1, arbitrary: hostileString(1, 60).map(encodeSegment) },
    ...(real.length ? [{ weight: 2, arbitrary: fc.constantFrom(...real.map(encodeSegment)) }] : []),
  );
}

/** A well-formed value for a path parameter (a real one when there is one). */
export function plainPathValue(parameter: Parameter, realValues: RealValues): fc.Arbitrary<string> {
  const real = realValues[parameter.name] ?? [];
  return real.length
    ? fc.constantFrom(...real.map(encodeSegment))
    : conforming(parameter.schema).map((v) => encodeSegment(String(v)));
}

const queryKey = fc.oneof(
  fc.constantFrom('search', 'limit', 'offset', 'id', '__proto__', 'constructor[prototype]', 'a[b]'),
  fc.string({ minLength: 1, maxLength: 10 }),
);

/** Raw query pieces that URLSearchParams would never write. */
const RAW_QUERY_PIECES = ['%00', '%FF', '%', '%%', '&&&', '=', '==x', '%E2%80%AE', '+'.repeat(50)];

function querySuffix(parameters: Parameter[], realValues: RealValues, odd: boolean) {
  const known = parameters.filter((p) => p.in === 'query');
  const entry = (parameter: Parameter) =>
    fc.tuple(
      fc.constant(parameter.name),
      odd
        ? fc.oneof(
            hostileString(0, 600),
            controlOrUnicodeString,
            fc.constantFrom('-1', '0', '1e9', '1.5', '9'.repeat(30), 'true', '[]', ''),
          )
        : conforming(parameter.schema, realValues[parameter.name] ?? []).map(String),
    );
  const entries = fc.array(
    known.length && !odd
      ? fc.oneof(...known.map(entry))
      : fc.oneof(...known.map(entry), fc.tuple(queryKey, hostileString(0, 100))),
    { maxLength: odd ? 6 : Math.min(known.length, 4) },
  );
  return fc
    .tuple(
      entries,
      odd ? fc.array(fc.constantFrom(...RAW_QUERY_PIECES), { maxLength: 2 }) : fc.constant([]),
    )
    .map(([pairs, raw]) => {
      const search = new URLSearchParams();
      for (const [key, value] of pairs) search.append(key, value);
      const text = [search.toString(), ...raw].filter(Boolean).join('&');
      return text ? `?${text}` : '';
    });
}

const ODD_HEADERS: Array<Record<string, string>> = [
  { 'idempotency-key': '' },
  { 'idempotency-key': 'x'.repeat(500) },
  { 'idempotency-key': 'key with spaces' },
  { 'idempotency-key': 'ключ' },
  { accept: 'application/xml' },
  { accept: 'text/html;q=0.1, */*;q=0' },
  { 'accept-encoding': 'br;q=1, gzip;q=0, identity;q=0' },
  { 'x-request-id': '../../etc/passwd' },
  { 'x-request-id': 'x'.repeat(5_000) },
  { cookie: 'pts_session=forged-value' },
  { cookie: 'pts_session=s%3Aforged.signature' },
  { cookie: `pts_session=${'a'.repeat(4_000)}` },
  { origin: 'https://evil.example' },
  { origin: 'null' },
  { 'sec-fetch-site': 'cross-site' },
  { 'x-forwarded-for': '1.2.3.4, <script>' },
  { 'x-forwarded-proto': 'gopher' },
  { 'content-encoding': 'gzip' },
  { 'transfer-encoding': 'chunked' },
  { 'stripe-signature': 't=1,v1=deadbeef' },
  { range: 'bytes=0-0,-1' },
];

// ---------------------------------------------------------------------------------------------
// Bodies

/** Media types to send a body as; `foreign` ones no JSON route of ours may take. */
const CONTENT_TYPES: Array<{ type: string; foreign: boolean }> = [
  { type: 'text/plain', foreign: true },
  { type: 'text/plain; charset=utf-8', foreign: true },
  { type: 'application/x-www-form-urlencoded', foreign: true },
  { type: 'multipart/form-data', foreign: true },
  { type: 'multipart/form-data; boundary=', foreign: true },
  { type: 'application/xml', foreign: true },
  { type: 'text/html', foreign: true },
  { type: 'application/octet-stream', foreign: true },
  { type: 'a/b/c', foreign: true },
  { type: 'application/json; charset=utf-16', foreign: false },
  { type: 'application/json; charset=latin1', foreign: false },
  { type: 'application/json, text/plain', foreign: false },
  { type: 'application/vnd.api+json', foreign: false },
  { type: ';;;', foreign: false },
  { type: 'x'.repeat(600), foreign: false },
];

const WHOLE_BODIES = [
  'null',
  '[]',
  '[{}]',
  '"text"',
  '42',
  'true',
  '',
  ' ',
  '{',
  '{"a":',
  '{"a":1',
  'not json',
  '\ufeff{}',
  '{"a":1}{"b":2}',
  'NaN',
  "{'single': 'quotes'}",
  '{"__proto__": {"isAdmin": true}}',
  '{"constructor": {"prototype": {"isAdmin": true}}}',
  `[${'1,'.repeat(50_000)}1]`,
];
const MALFORMED_JSON = new Set([
  '',
  ' ',
  '{',
  '{"a":',
  '{"a":1',
  'not json',
  '{"a":1}{"b":2}',
  'NaN',
  "{'single': 'quotes'}",
]);

function deepJson(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array'
    ? `${'['.repeat(depth)}1${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

const deepJsonText = fc
  .tuple(
    fc.integer({ min: 20, max: 20_000 }),
    fc.constantFrom<'array' | 'object'>('array', 'object'),
  )
  .map(([depth, kind]) => deepJson(depth, kind));

const EXTRA_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'id',
  'userId',
  'role',
  'isAdmin',
  'membershipTier',
  'agentVerificationStatus',
  'emailVerifiedAt',
  'passwordHash',
  'status',
  'ownerId',
  'producerId',
  'agentId',
];

const MARKER = '__pts_fuzz_raw__';

/** Serialises a body whose marker value stands for raw JSON text (deep JSON, odd numbers). */
function serialise(body: unknown, raw?: string): string {
  const text = JSON.stringify(body) ?? '';
  return raw === undefined ? text : text.replace(JSON.stringify(MARKER), raw);
}

const MULTIPART_BODIES: Array<{ contentType: string; payload: string }> = [
  { contentType: 'multipart/form-data', payload: '--x\r\n\r\nno boundary given\r\n--x--\r\n' },
  {
    contentType: 'multipart/form-data; boundary=abc',
    payload: '--zzz\r\nwrong boundary\r\n--zzz--',
  },
  {
    contentType: 'multipart/form-data; boundary=abc',
    payload:
      '--abc\r\nContent-Disposition: form-data; name="file"; filename="deck.pdf"\r\n' +
      'Content-Type: application/pdf\r\n\r\n%PDF-1.7 truncated',
  },
  { contentType: 'multipart/form-data; boundary=abc', payload: '' },
  { contentType: 'multipart/form-data; boundary=abc', payload: '--abc--\r\n' },
  {
    contentType: 'multipart/form-data; boundary=abc',
    payload:
      '--abc\r\nContent-Disposition: form-data; name="file"\r\n\r\nnot a file\r\n--abc--\r\n',
  },
  {
    contentType: 'multipart/form-data; boundary=abc',
    payload:
      '--abc\r\nContent-Disposition: form-data; name="file"; filename="\u0000.pdf"\r\n' +
      'Content-Type: application/pdf\r\n\r\n%PDF-1.7\n%%EOF\r\n--abc--\r\n',
  },
  {
    contentType: 'multipart/form-data; boundary=abc',
    payload:
      '--abc\r\nContent-Disposition: form-data; name="other"; filename="x.pdf"\r\n\r\n%PDF-1.7\r\n--abc--\r\n',
  },
  {
    contentType: 'multipart/form-data; boundary=abc',
    payload: `--abc\r\nContent-Disposition: form-data; name="${'n'.repeat(5_000)}"\r\n\r\nv\r\n--abc--\r\n`,
  },
  {
    contentType: 'multipart/form-data; boundary=abc',
    payload:
      Array.from(
        { length: 30 },
        (_v, i) => `--abc\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nv\r\n`,
      ).join('') + '--abc--\r\n',
  },
  {
    contentType: `multipart/form-data; boundary=${'b'.repeat(300)}`,
    payload: `--${'b'.repeat(300)}\r\n\r\n--${'b'.repeat(300)}--\r\n`,
  },
  { contentType: 'multipart/form-data; boundary="abc', payload: '--abc\r\n' },
  {
    contentType: 'multipart/form-data; boundary=abc',
    payload:
      '--abc\r\nContent-Disposition: form-data; name="file"; filename="deck.exe"\r\n' +
      'Content-Type: application/x-msdownload\r\n\r\nMZ\u0090\u0000binary\r\n--abc--\r\n',
  },
];

// ---------------------------------------------------------------------------------------------
// Cases

const ROLE_WEIGHTS: Array<{ weight: number; arbitrary: fc.Arbitrary<MatrixRole> }> = [
  { weight: 2, arbitrary: fc.constant('signedOut') },
  { weight: 3, arbitrary: fc.constant('freeProducer') },
  { weight: 2, arbitrary: fc.constant('premiumProducer') },
  { weight: 1, arbitrary: fc.constant('otherProducer') },
  { weight: 3, arbitrary: fc.constant('agent') },
  { weight: 1, arbitrary: fc.constant('otherAgent') },
  { weight: 2, arbitrary: fc.constant('admin') },
];
const role = fc.oneof(...ROLE_WEIGHTS);

interface Parts {
  pathValues: Record<string, string>;
  query: string;
  headers: Record<string, string>;
  body?: unknown;
}

/** Well-formed parts of a request to the operation, for a strategy to spoil one of them. */
const uniqueTag = fc
  .tuple(fc.nat(), fc.nat())
  .map(([a, b]) => `${a.toString(36)}${b.toString(36)}`);

export const queryText = (query: Record<string, string>) => {
  const text = new URLSearchParams(query).toString();
  return text ? `?${text}` : '';
};

/**
 * Well-formed parts of a request to the operation, for a strategy to spoil one of them: built
 * from the schema, or (half the time, when there is one) the operation's valid example.
 */
function partsOf(operation: Operation, realValues: RealValues): fc.Arbitrary<Parts> {
  const pathParameters = operation.parameters.filter((p) => p.in === 'path');
  const pathValues = fc.record(
    Object.fromEntries(pathParameters.map((p) => [p.name, plainPathValue(p, realValues)])),
  );
  const fromSchema = fc.record({
    pathValues,
    query: querySuffix(operation.parameters, realValues, false),
    headers: fc.constant({}),
    body: operation.body ? bodyArbitrary(operation.body, realValues) : fc.constant(undefined),
  });
  const example = VALID_EXAMPLES[operation.key];
  if (!example) return fromSchema;
  const fromExample = fc.tuple(pathValues, uniqueTag).map(([values, tag]): Parts => {
    const { body, query } = example(realValues, tag);
    return {
      pathValues: values,
      query: query ? queryText(query) : '',
      headers: {},
      body: body ?? (operation.body ? {} : undefined),
    };
  });
  return fc.oneof(fromSchema, fromExample);
}

/**
 * The operation's valid example with ONE field or query parameter replaced by a value that
 * keeps to its schema but carries hostile content (control characters included): the rest
 * stays valid, so the value reaches the handler and the database.
 */
function spoiledExample(
  operation: Operation,
  realValues: RealValues,
): fc.Arbitrary<Omit<FuzzCase, 'role'>> | null {
  const example = VALID_EXAMPLES[operation.key];
  if (!example) return null;
  const pathValues = fc.record(
    Object.fromEntries(
      operation.parameters
        .filter((p) => p.in === 'path')
        .map((p) => [p.name, plainPathValue(p, realValues)]),
    ),
  );
  const fields = bodyFields(operation.body);
  const queryParameters = operation.parameters.filter((p) => p.in === 'query');
  const targets = [
    ...fields.map((f) => ({ where: 'body' as const, name: f.name, schema: f.schema })),
    ...queryParameters.map((p) => ({ where: 'query' as const, name: p.name, schema: p.schema })),
  ].filter((target) => !target.schema.enum);
  if (targets.length === 0) return null;
  const hostileValue = (schema: JsonSchema) =>
    typesOf(schema).includes('string') || schema.anyOf || schema.oneOf
      ? fc.oneof(
          conforming(schema),
          controlOrUnicodeString.map((v) => v.slice(0, schema.maxLength ?? v.length)),
        )
      : conforming(schema);
  return fc
    .tuple(pathValues, uniqueTag, fc.constantFrom(...targets))
    .chain(([values, tag, target]) =>
      hostileValue(target.schema).map((value) => {
        const { body, query } = example(realValues, tag);
        const parts: Parts = {
          pathValues: values,
          headers: {},
          body: target.where === 'body' ? { ...body, [target.name]: value } : body,
          query: queryText(
            target.where === 'query' ? { ...query, [target.name]: String(value) } : (query ?? {}),
          ),
        };
        return jsonCase(operation, 'nasty-but-valid', parts);
      }),
    );
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function jsonCase(
  operation: Operation,
  strategy: Strategy,
  parts: Parts,
  options: { body?: unknown; raw?: string; text?: string; mustReject?: boolean } = {},
): Omit<FuzzCase, 'role'> {
  const hasBody = 'body' in options || options.text !== undefined || parts.body !== undefined;
  const payload =
    options.text ??
    (hasBody ? serialise('body' in options ? options.body : parts.body, options.raw) : undefined);
  return {
    strategy,
    method: operation.method,
    url: fillPath(operation.path, parts.pathValues) + parts.query,
    headers:
      payload === undefined
        ? parts.headers
        : { 'content-type': 'application/json', ...parts.headers },
    payload,
    mustReject: options.mustReject ?? false,
  };
}

/** Names of the body's top-level fields (every variant's, for a oneOf). */
export function bodyFields(
  body: JsonSchema | undefined,
): Array<{ name: string; schema: JsonSchema; required: boolean }> {
  if (!body) return [];
  const variants = body.oneOf ?? body.anyOf ?? [body];
  const fields = new Map<string, { name: string; schema: JsonSchema; required: boolean }>();
  for (const variant of variants) {
    for (const [name, schema] of Object.entries(variant.properties ?? {})) {
      const required = (variant.required ?? []).includes(name);
      const known = fields.get(name);
      fields.set(name, { name, schema, required: required || (known?.required ?? false) });
    }
  }
  return [...fields.values()];
}

export const requiredInEveryVariant = (body: JsonSchema, name: string) =>
  (body.oneOf ?? body.anyOf ?? [body]).every((variant) => (variant.required ?? []).includes(name));

/** A field of one variant only is an unknown (dropped) field to the others. */
const inEveryVariant = (body: JsonSchema | undefined, name: string) =>
  (body?.oneOf ?? body?.anyOf ?? [body ?? {}]).every(
    (variant) => name in (variant.properties ?? {}),
  );

/** One arbitrary per strategy that applies to the operation. */
function strategiesFor(
  operation: Operation,
  realValues: RealValues,
): Array<fc.Arbitrary<Omit<FuzzCase, 'role'>>> {
  const parts = partsOf(operation, realValues);
  const fields = bodyFields(operation.body);
  const stringFields = fields.filter((f) => typesOf(f.schema).includes('string') || f.schema.anyOf);
  const pathParameters = operation.parameters.filter((p) => p.in === 'path');
  const withField = <T>(
    list: typeof fields,
    value: fc.Arbitrary<T>,
    build: (p: Parts, field: string, v: T) => Omit<FuzzCase, 'role'>,
  ) =>
    fc
      .tuple(parts, fc.constantFrom(...list.map((f) => f.name)), value)
      .map(([p, field, v]) => build(p, field, v));
  const setField = (p: Parts, field: string, value: unknown) =>
    isObject(p.body) ? { ...p.body, [field]: value } : { [field]: value };

  const spoiled = spoiledExample(operation, realValues);
  const arbitraries: Array<fc.Arbitrary<Omit<FuzzCase, 'role'>>> = [
    parts.map((p) => jsonCase(operation, 'nasty-but-valid', p)),
    ...(spoiled ? [spoiled, spoiled] : []),
    fc
      .tuple(parts, fc.constantFrom(...ODD_HEADERS))
      .map(([p, headers]) => jsonCase(operation, 'headers', { ...p, headers })),
    fc
      .tuple(parts, querySuffix(operation.parameters, realValues, true))
      .map(([p, query]) => jsonCase(operation, 'query-values', { ...p, query })),
    fc
      .tuple(
        parts,
        fc.constantFrom(...CONTENT_TYPES),
        fc.option(hostileString(0, 200), { nil: undefined }),
      )
      .map(([p, contentType, text]) => {
        const payload = text ?? serialise(p.body ?? {});
        // The tracking routes also take text/plain JSON (navigator.sendBeacon sends it).
        const sendBeacon =
          contentType.type.startsWith('text/plain') && operation.path.startsWith('/api/tracking/');
        return {
          strategy: 'content-type' as const,
          method: operation.method,
          url: fillPath(operation.path, p.pathValues) + p.query,
          headers: { 'content-type': contentType.type },
          payload,
          mustReject: operation.body !== undefined && contentType.foreign && !sendBeacon,
        };
      }),
    fc.tuple(parts, fc.constantFrom(...MULTIPART_BODIES)).map(([p, multipart]) => ({
      strategy: 'multipart' as const,
      method: operation.method,
      url: fillPath(operation.path, p.pathValues) + p.query,
      headers: { 'content-type': multipart.contentType },
      payload: multipart.payload,
      mustReject: operation.body !== undefined,
    })),
    fc.tuple(parts, fc.constantFrom(...WHOLE_BODIES)).map(([p, text]) =>
      jsonCase(operation, 'whole-body', p, {
        text,
        // Only a JSON object can be a body of ours, and malformed JSON never is one.
        mustReject:
          operation.body !== undefined &&
          (MALFORMED_JSON.has(text) || !text.trim().startsWith('{') || text.startsWith('\ufeff')),
      }),
    ),
    fc
      .tuple(parts, deepJsonText)
      .map(([p, text]) =>
        jsonCase(operation, 'deep-json', p, { text, mustReject: operation.body !== undefined }),
      ),
  ];

  if (pathParameters.length) {
    arbitraries.push(
      fc
        .tuple(
          parts,
          fc.record(
            Object.fromEntries(pathParameters.map((p) => [p.name, pathValue(p, realValues)])),
          ),
        )
        .map(([p, pathValues]) => jsonCase(operation, 'path-values', { ...p, pathValues })),
    );
  }
  if (fields.length && operation.body) {
    const body = operation.body;
    arbitraries.push(
      withField(fields, wrongTypeValue, (p, field, value) =>
        jsonCase(operation, 'wrong-type', p, { body: setField(p, field, value) }),
      ),
      withField(
        fields,
        fc.oneof(edgeNumber, fc.constantFrom(...RAW_NUMBER_TEXTS)),
        (p, field, value) =>
          typeof value === 'string'
            ? jsonCase(operation, 'numbers', p, {
                body: setField(p, field, MARKER),
                raw: value,
                // Invalid JSON, or a number (±1e400 is Infinity) where the field needs another.
                mustReject:
                  value !== '1e400' && value !== '-1e400' ? true : inEveryVariant(body, field),
              })
            : jsonCase(operation, 'numbers', p, { body: setField(p, field, value) }),
      ),
      withField(fields, deepJsonText, (p, field, text) =>
        jsonCase(operation, 'deep-json', p, { body: setField(p, field, MARKER), raw: text }),
      ),
      fc
        .tuple(
          parts,
          fc.array(
            fc.tuple(
              fc.oneof(fc.constantFrom(...EXTRA_KEYS), fc.string({ maxLength: 12 })),
              fc.jsonValue({ maxDepth: 2 }),
            ),
            {
              minLength: 1,
              maxLength: 5,
            },
          ),
        )
        .map(([p, extras]) => {
          const base = isObject(p.body) ? p.body : {};
          // Written as text: an object literal would turn "__proto__" into a prototype.
          const extraText = extras
            .map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`)
            .join(',');
          const baseText = JSON.stringify(base);
          const text =
            baseText === '{}' ? `{${extraText}}` : `${baseText.slice(0, -1)},${extraText}}`;
          return jsonCase(operation, 'extra-fields', p, { text });
        }),
    );
    const required = fields.filter((f) => f.required);
    if (required.length) {
      arbitraries.push(
        withField(required, fc.constant(undefined), (p, field) => {
          const rest = isObject(p.body) ? { ...p.body } : {};
          delete rest[field];
          return jsonCase(operation, 'missing-field', p, {
            body: rest,
            mustReject: requiredInEveryVariant(body, field),
          });
        }),
      );
    }
    if (stringFields.length) {
      arbitraries.push(
        withField(stringFields, hugeString, (p, field, value) => {
          const maxLength = fields.find((f) => f.name === field)?.schema.maxLength;
          return jsonCase(operation, 'huge-string', p, {
            body: setField(p, field, value),
            // Longer than the field allows (or than any body may be): refused for certain.
            mustReject:
              (maxLength !== undefined &&
                value.length > maxLength &&
                inEveryVariant(body, field)) ||
              value.length > 1024 * 1024,
          });
        }),
        withField(stringFields, controlOrUnicodeString, (p, field, value) =>
          jsonCase(operation, 'control-and-unicode', p, { body: setField(p, field, value) }),
        ),
      );
    }
  }
  if (pathParameters.length) {
    arbitraries.push(
      fc
        .tuple(parts, fc.constantFrom(...pathParameters.map((p) => p.name)), controlOrUnicodeString)
        .map(([p, name, value]) =>
          jsonCase(operation, 'control-and-unicode', {
            ...p,
            pathValues: { ...p.pathValues, [name]: encodeSegment(value) },
          }),
        ),
    );
  }
  return arbitraries;
}

/** Every kind of bad request for the operation, sent by any of the roles. */
export function badRequests(operation: Operation, realValues: RealValues): fc.Arbitrary<FuzzCase> {
  return fc
    .tuple(fc.oneof(...strategiesFor(operation, realValues)), role)
    .map(([request, sender]) => ({ ...request, role: sender }));
}

/** A stable number for an operation, so each gets its own seeded sequence. */
export function seedFor(seed: number, key: string): number {
  let hash = seed | 0;
  for (const char of key) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}
