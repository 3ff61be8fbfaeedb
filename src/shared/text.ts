import { z } from 'zod';

/**
 * PostgreSQL refuses U+0000 in text, and no field of ours has a use for other C0/C1 control
 * characters. Tab, line feed and carriage return stay allowed (multi-line text).
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

export const CONTROL_CHARACTERS_MESSAGE = 'Must not contain control characters';

export const hasControlCharacters = (value: string): boolean => CONTROL_CHARACTERS.test(value);

/**
 * A string schema that refuses control characters with a field message. Every string that
 * reaches the database is built from this (or checked with `hasControlCharacters`).
 */
export function safeString(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine((value) => !hasControlCharacters(value), {
    error: CONTROL_CHARACTERS_MESSAGE,
    abort: true,
  });
}
