import { z } from 'zod';

/**
 * What a field says when its schema gives no message of its own (issue 27): zod's defaults
 * ("Invalid input: expected object, received string", "Too big: expected string to have
 * <=100 characters") are a library's words, not ours, and do not say what to send. Every
 * schema's own message (the spec's) still wins: zod asks this map only when there is none.
 * Installed once, on import, by the server (src/app/server/app.ts). It knows no field names (zod
 * asks before it knows the path); the error handler puts the name in front.
 */

type Issue = z.core.$ZodRawIssue;

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  object: 'a JSON object',
  array: 'a list (a JSON array)',
  date: 'a date',
  null: 'null',
  literal: 'the value shown in the API docs',
};

const FORMAT_WORDS: Record<string, string> = {
  email: 'an email address',
  url: 'a web address (https://…)',
  uuid: 'a UUID',
  datetime: 'a date and time such as 2026-11-26T18:30:00Z',
  date: 'a date such as 2026-11-26',
  time: 'a time such as 18:30',
  base64: 'base64 text',
  base64url: 'base64url text',
  e164: 'a phone number in international form (+44…)',
};

const typeWords = (expected: unknown) =>
  TYPE_WORDS[String(expected)] ?? `a value of type ${String(expected)}`;

const plural = (count: number | bigint, unit: string) =>
  `${count} ${unit}${Number(count) === 1 ? '' : 's'}`;

const SIZE_UNITS: Record<string, string> = {
  string: 'character',
  array: 'item',
  set: 'item',
  map: 'entry',
  file: 'byte',
};

function bound(issue: Issue & { origin?: string }, limit: number | bigint, side: 'least' | 'most') {
  const unit = SIZE_UNITS[issue.origin ?? ''];
  const exact = (issue as { exact?: boolean }).exact;
  const inclusive = (issue as { inclusive?: boolean }).inclusive !== false;
  if (unit) {
    if (exact) return `Send exactly ${plural(limit, unit)}`;
    return `Send at ${side} ${plural(limit, unit)}`;
  }
  const comparison =
    side === 'least'
      ? inclusive
        ? 'at least'
        : 'greater than'
      : inclusive
        ? 'at most'
        : 'less than';
  return `Send a number ${comparison} ${String(limit)}`;
}

function unionWords(issue: Issue): string {
  // A union of plain types ("text or a number"): say which; otherwise point to the docs.
  const branches = (issue as { errors?: Issue[][] }).errors ?? [];
  const expected = branches.flatMap((branch) =>
    branch.length === 1 && branch[0].code === 'invalid_type'
      ? [typeWords((branch[0] as { expected?: unknown }).expected)]
      : [],
  );
  if (expected.length === branches.length && expected.length > 0) {
    return `Send ${[...new Set(expected)].join(' or ')}`;
  }
  return 'Send a value in one of the forms the API docs (/api/docs) show';
}

const listValues = (values: readonly unknown[]) =>
  values.map((value) => (typeof value === 'string' ? value : JSON.stringify(value))).join(', ');

/** Our words for an issue no schema gave a message. */
export function validationMessage(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined
        ? `Required: send ${typeWords(issue.expected)}`
        : `Send ${typeWords(issue.expected)}`;
    case 'invalid_value':
      return issue.values.length === 1
        ? `Send ${listValues(issue.values)}`
        : `Send one of ${listValues(issue.values)}`;
    case 'too_small':
      return bound(issue, issue.minimum, 'least');
    case 'too_big':
      return bound(issue, issue.maximum, 'most');
    case 'invalid_format': {
      const format = issue.format;
      if (format === 'regex') return 'Send text in the form the API docs (/api/docs) show';
      if (format === 'starts_with') return `Send text starting with "${String(issue.prefix)}"`;
      if (format === 'ends_with') return `Send text ending with "${String(issue.suffix)}"`;
      if (format === 'includes') return `Send text including "${String(issue.includes)}"`;
      return `Send ${FORMAT_WORDS[format] ?? `text in ${format} form`}`;
    }
    case 'not_multiple_of':
      return `Send a multiple of ${String(issue.divisor)}`;
    case 'unrecognized_keys':
      return `Leave out ${issue.keys.join(', ')}: not a field of this request`;
    case 'invalid_union':
      return unionWords(issue);
    case 'invalid_key':
      return 'Send keys in the form the API docs (/api/docs) show';
    case 'invalid_element':
      return 'Send list items in the form the API docs (/api/docs) show';
    default:
      return 'Send a value in the form the API docs (/api/docs) show';
  }
}

z.config({ customError: (issue) => validationMessage(issue) });
