import { sql, type SQL } from 'drizzle-orm';

/**
 * Whole numbers as one PostgreSQL array literal ('{1,2,3}'), bound as a single parameter: the
 * same on PGlite and node-postgres, and one parameter however many ids there are.
 */
export const intArrayLiteral = (values: readonly number[]): string =>
  `{${values.map((value) => Math.trunc(value)).join(',')}}`;

/** `intArrayLiteral` as an `int[]` SQL value, e.g. `where id = any(${intArray(ids)})`. */
export const intArray = (values: readonly number[]): SQL => sql`${intArrayLiteral(values)}::int[]`;
