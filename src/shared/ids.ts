import { z } from 'zod';
import { AppError } from './errors';

/** Listing, offer, comment and forum ids are PostgreSQL `integer` (serial) columns. */
export const MAX_ID = 2_147_483_647;

/**
 * A path or query value → a positive integer id, or null when it is not one. Only plain
 * digits count ("12", not "1e1", " 12" or "12abc"), so every route reads ids the same way.
 */
export function parseId(raw: string | number | null | undefined): number | null {
  if (typeof raw === 'number')
    return Number.isInteger(raw) && raw >= 1 && raw <= MAX_ID ? raw : null;
  if (typeof raw !== 'string' || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= MAX_ID ? id : null;
}

/**
 * A route parameter that is an id. It stays a string in the schema (so a bad value reaches the
 * use case, which answers the room's own 404 or 400 message) and is read with `parseId`.
 */
export const IdParamSchema = z.string().max(64);

/**
 * A path value → an id, or the room's own 404 when it is not one: not an id is no such thing,
 * the same answer as an id nobody has (decision 019). The one id parser every route uses.
 */
export function idOrNotFound(raw: string, notFoundMessage: string): number {
  const id = parseId(raw);
  if (id === null) throw new AppError('NOT_FOUND', notFoundMessage);
  return id;
}
