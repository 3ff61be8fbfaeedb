import { sql } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { listings } from '@/domains/listings/server/listings.tables';
import { favourites } from '@/domains/favourites/server/favourites.tables';
import { offers } from '@/domains/offers/server/offers.tables';
import { listingViews } from '@/domains/membership/server/membership.tables';
import type { PlatformActivity } from './engine/analyse-listing';

export type GenreActivity = PlatformActivity['genre'];

/**
 * Listing ids per statement. On the embedded database every statement runs on the main
 * thread, so the catalogue is aggregated a window of ids at a time with a yield between
 * windows: one statement over a 100,000 catalogue held the event loop for hundreds of ms.
 */
export const GENRE_ACTIVITY_WINDOW = 2_000;

/** The key the engine looks a listing's genre up by (the SQL below computes the same). */
export const genreKey = (genre: string | null) => (genre ?? '').trim().toLowerCase();

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

interface Totals {
  listings: number;
  views: number;
  favourites: number;
  offers: number;
  accepted: number[];
}

/**
 * The platform's activity per genre (listings, producers' views, favourites, offers and
 * accepted option prices), read by id windows of `GENRE_ACTIVITY_WINDOW` and summed here.
 * `genres` limits it to those genres (one listing's request needs only its own genre); the
 * figures for a genre are the same either way, so a listing's input hash does not depend on
 * who asked. Other rooms' tables are read, never written.
 */
export async function loadGenreActivity(
  db: Executor,
  options: { genres?: ReadonlyArray<string | null>; window?: number } = {},
): Promise<Map<string, GenreActivity>> {
  const window = options.window ?? GENRE_ACTIVITY_WINDOW;
  const wanted = options.genres ? [...new Set(options.genres.map(genreKey))] : null;
  if (wanted?.length === 0) return new Map();
  const genreFilter = wanted
    ? sql`and lower(trim(coalesce(genre, ''))) in (${sql.join(
        wanted.map((genre) => sql`${genre}`),
        sql`, `,
      )})`
    : sql``;
  // Windows of ids rather than of matching rows: each statement reads at most `window`
  // listings through the primary key, however rare the genres asked for are.
  const [{ maxId }] = (
    await db.execute<{ maxId: number | null }>(sql`select max(id)::int as "maxId" from ${listings}`)
  ).rows;
  const totals = new Map<string, Totals>();
  for (let after = 0; maxId !== null && after < maxId; after += window) {
    await yieldToEventLoop();
    const rows = await db.execute<{
      genre: string;
      listings: number;
      views: number;
      favourites: number;
      offers: number;
      accepted: Array<number | string> | null;
    }>(sql`
      with l as (
        select id, lower(trim(coalesce(genre, ''))) as genre from ${listings}
        where id > ${after} and id <= ${after + window} ${genreFilter}
      )
      select l.genre,
        count(*)::int as listings,
        coalesce(sum(v.n), 0)::int as views,
        coalesce(sum(f.n), 0)::int as favourites,
        coalesce(sum(o.n), 0)::int as offers,
        array_remove(array_agg(o.accepted), null) as accepted
      from l
      left join (
        select listing_id, count(*) as n from ${listingViews}
        where listing_id > ${after} and listing_id <= ${after + window}
        group by listing_id
      ) v on v.listing_id = l.id
      left join (
        select listing_id, count(*) as n from ${favourites}
        where listing_id > ${after} and listing_id <= ${after + window}
        group by listing_id
      ) f on f.listing_id = l.id
      left join (
        select listing_id, count(*) filter (where status <> 'awaiting_payment') as n,
          max(offer_price_pence) filter (where status = 'accepted') as accepted
        from ${offers}
        where listing_id > ${after} and listing_id <= ${after + window}
        group by listing_id
      ) o on o.listing_id = l.id
      group by l.genre
    `);
    for (const row of rows.rows) {
      const sum = totals.get(row.genre) ?? {
        listings: 0,
        views: 0,
        favourites: 0,
        offers: 0,
        accepted: [],
      };
      sum.listings += Number(row.listings);
      sum.views += Number(row.views);
      sum.favourites += Number(row.favourites);
      sum.offers += Number(row.offers);
      for (const price of row.accepted ?? []) sum.accepted.push(Number(price));
      totals.set(row.genre, sum);
    }
  }
  return new Map(
    [...totals].map(([genre, sum]) => [
      genre,
      {
        listings: sum.listings,
        views: sum.views,
        favourites: sum.favourites,
        offers: sum.offers,
        acceptedOptionPricesPence: sum.accepted.sort((a, b) => a - b),
      },
    ]),
  );
}
