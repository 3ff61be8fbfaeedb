import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import { listings } from '@/domains/listings/server/listings.tables';
import type { Executor } from '@/server/db/client';
import { BOOK_LISTINGS_PAGE_SIZE } from '../enrichment.constants';
import type { BookListingsResponse } from '../enrichment.schema';

/**
 * The book dashboard's list: listings of medium book, with what enrichment knows of them
 * (queued, enriched... and when Google Books was last applied). Searchable by title or author.
 */
export async function findBookListings(
  db: Executor,
  options: { search?: string; page: number; pageSize?: number },
): Promise<BookListingsResponse> {
  const pageSize = options.pageSize ?? BOOK_LISTINGS_PAGE_SIZE;
  const search = options.search?.trim();
  const where = and(
    eq(sql`lower(${listings.medium})`, 'book'),
    search
      ? or(
          ilike(listings.title, `%${search.replace(/[\\%_]/g, '\\$&')}%`),
          ilike(listings.author, `%${search.replace(/[\\%_]/g, '\\$&')}%`),
        )
      : undefined,
  );
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(listings)
    .where(where);
  const rows = await db
    .select({
      id: listings.id,
      title: listings.title,
      author: listings.author,
      isbn: listings.isbn,
      pages: listings.pages,
      genre: listings.genre,
      coverImageUrl: listings.coverImageUrl,
      enrichmentStatus: listings.enrichmentStatus,
      enrichedAt: sql<string | null>`${listings.mediumDetails} ->> 'enrichedAt'`,
    })
    .from(listings)
    .where(where)
    .orderBy(asc(listings.title), asc(listings.id))
    .limit(pageSize)
    .offset((options.page - 1) * pageSize);
  return {
    listings: rows,
    page: options.page,
    total: Number(total),
    totalPages: Math.max(1, Math.ceil(Number(total) / pageSize)),
  };
}
