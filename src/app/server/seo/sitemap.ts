import { sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { listingOnMarket } from '@/domains/listings/server';
import { listings } from '@/domains/listings/server/listings.tables';
import { paths } from '@/shared/paths';

/** Listings per sitemap file (the protocol allows 50,000 URLs; we keep a margin). */
export const SITEMAP_CHUNK_SIZE = 45_000;
/** Listings per keyset query while streaming a sitemap. */
const BATCH_SIZE = 10_000;

/** Public pages worth indexing; private and logged-in-only pages stay out. */
export const SITEMAP_PAGE_PATHS: readonly string[] = [
  paths.home,
  paths.join,
  paths.auth,
  paths.terms,
  paths.privacy,
  paths.cookies,
  paths.disclaimer,
];

const XMLNS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const URLSET_OPEN = `${XML_DECLARATION}<urlset xmlns="${XMLNS}">\n`;
const URLSET_CLOSE = '</urlset>\n';

export function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function pageEntries(publicUrl: string): string {
  return SITEMAP_PAGE_PATHS.map(
    (path) => `  <url><loc>${escapeXml(`${publicUrl}${path}`)}</loc></url>\n`,
  ).join('');
}

/** Whether the catalogue needs a sitemap index (more listings than one file holds). */
export async function needsSitemapIndex(
  db: Database,
  chunkSize = SITEMAP_CHUNK_SIZE,
): Promise<boolean> {
  // Counts at most chunkSize + 1 rows: enough to decide, whatever the catalogue's size.
  const result = await db.execute<{ count: number | string }>(
    sql`select count(*) as count from (select 1 from ${listings} limit ${chunkSize + 1}) as capped`,
  );
  return Number(result.rows[0].count) > chunkSize;
}

/**
 * Numbers of the listing files that hold at least one listing. File n holds the listing
 * ids from (n-1)*chunkSize+1 to n*chunkSize, so a listing stays in the same file as the
 * catalogue grows and each file is one primary-key range. One index probe per file.
 */
export async function findSitemapChunks(
  db: Database,
  chunkSize = SITEMAP_CHUNK_SIZE,
): Promise<number[]> {
  const size = sql.raw(String(Math.trunc(chunkSize)));
  const result = await db.execute<{ n: number | string }>(sql`
    with recursive chunk(n) as (
      select (min(id) - 1) / ${size} + 1 from ${listings}
      union all
      select (select (min(l.id) - 1) / ${size} + 1 from ${listings} as l where l.id > chunk.n * ${size})
      from chunk where chunk.n is not null
    )
    select n from chunk where n is not null`);
  return result.rows.map((row) => Number(row.n));
}

/**
 * `<url>` lines of every listing with lower < id <= upper. Postgres writes the lines, one
 * keyset batch per query, so a 45,000-listing file is a handful of cheap round trips.
 */
async function* listingEntries(
  db: Database,
  publicUrl: string,
  range: { lower: number; upper: number | null },
): AsyncGenerator<string> {
  const locPrefix = escapeXml(`${publicUrl}${paths.listingAlias('')}`);
  const upper = range.upper === null ? sql`` : sql`and id <= ${range.upper}`;
  let after = range.lower;
  for (;;) {
    const result = await db.execute<{
      last_id: number | string | null;
      listed: number | string;
      xml: string | null;
    }>(
      sql`
        select max(id) as last_id, count(*) as listed,
          string_agg(
            '  <url><loc>' || ${locPrefix}::text || id || '</loc><lastmod>' ||
              to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') ||
              E'</lastmod></url>\n',
            '' order by id
          ) as xml
        from (
          select id, updated_at from ${listings}
          where id > ${after} ${upper}
            and ${listingOnMarket()}
          order by id limit ${BATCH_SIZE}
        ) as batch`,
    );
    const batch = result.rows[0];
    if (!batch || batch.last_id === null || !batch.xml) return;
    yield batch.xml;
    if (Number(batch.listed) < BATCH_SIZE) return;
    after = Number(batch.last_id);
  }
}

/** The whole site in one urlset: public pages and every listing (small catalogues). */
export async function* fullSitemap(db: Database, publicUrl: string): AsyncGenerator<string> {
  yield URLSET_OPEN + pageEntries(publicUrl);
  yield* listingEntries(db, publicUrl, { lower: 0, upper: null });
  yield URLSET_CLOSE;
}

/** The public pages alone (referenced from the sitemap index of a large catalogue). */
export function pagesSitemap(publicUrl: string): string {
  return URLSET_OPEN + pageEntries(publicUrl) + URLSET_CLOSE;
}

/** One file of listings (see findSitemapChunks for which ids it holds). */
export async function* listingsSitemap(
  db: Database,
  publicUrl: string,
  chunkNumber: number,
  chunkSize = SITEMAP_CHUNK_SIZE,
): AsyncGenerator<string> {
  yield URLSET_OPEN;
  yield* listingEntries(db, publicUrl, {
    lower: (chunkNumber - 1) * chunkSize,
    upper: chunkNumber * chunkSize,
  });
  yield URLSET_CLOSE;
}

/** The sitemap index of a large catalogue: the pages file and one file per listing chunk. */
export function sitemapIndex(publicUrl: string, chunkNumbers: number[]): string {
  const files = ['/sitemap-pages.xml', ...chunkNumbers.map((n) => `/sitemap-listings-${n}.xml`)];
  const entries = files.map(
    (file) => `  <sitemap><loc>${escapeXml(`${publicUrl}${file}`)}</loc></sitemap>\n`,
  );
  return `${XML_DECLARATION}<sitemapindex xmlns="${XMLNS}">\n${entries.join('')}</sitemapindex>\n`;
}
