import { z } from 'zod';
import { poundsToPence } from './money';

/**
 * Money as the API takes it (DESIGN.md, issue 27): pounds as a numeric string or a number,
 * "60000", "60000.50", 60000 or 60000.5, everywhere an amount comes in. A file of its own so
 * that money.ts, which every page loads, does not bring zod with it.
 */

/**
 * The amount as text, whichever the caller sent: a number is written as JavaScript writes it
 * (60000.5 → "60000.5"; 1e21 → "1e+21", which no amount rule accepts). `error` is the
 * field's message for a missing value or one of another type.
 */
export function poundsText(error: string) {
  return z
    .union([z.string(), z.number()], { error })
    .transform((value) => (typeof value === 'number' ? String(value) : value.trim()));
}

export interface PenceFromPoundsOptions {
  /** Missing, empty, or neither a string nor a number. */
  required: string;
  /** Not an amount of pounds at all ("abc", "1e5"). */
  format: string;
  /** A number with more than two decimal places (default: `format`). */
  decimals?: string;
  /** The least amount, in pence, and what to say below it (a negative amount included). */
  min?: { pence: number; message: string };
  /** The greatest amount, in pence, and what to say above it. */
  max?: { pence: number; message: string };
}

/** The amount parsed exactly (no floating point) into integer pence, with the field's words. */
export function penceFromPounds(options: PenceFromPoundsOptions) {
  const { required, format, decimals = format, min, max } = options;
  return poundsText(required).transform((text, ctx) => {
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (text === '') return fail(required);
    if (min && /^-\d/.test(text) && Number.isFinite(Number(text))) return fail(min.message);
    if (/^\d+\.\d{3,}$/.test(text)) return fail(decimals);
    const pence = poundsToPence(text);
    if (pence === null) return fail(format);
    if (min && pence < min.pence) return fail(min.message);
    if (max && pence > max.pence) return fail(max.message);
    return pence;
  });
}
