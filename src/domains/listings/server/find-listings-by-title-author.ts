import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { listings } from './listings.tables';

export interface ListingMatch {
  id: number;
  title: string;
  author: string;
  status: string;
  coverImageUrl: string | null;
}

/**
 * Every listing (whatever its status: drafts and withdrawn ones get images too) whose title
 * and author equal these, ignoring case and surrounding spaces. More than one is ambiguous
 * for the caller to report; the bulk image upload matches its CSV rows with it.
 */
export async function findListingsByTitleAndAuthor(
  db: Executor,
  title: string,
  author: string,
): Promise<ListingMatch[]> {
  return db
    .select({
      id: listings.id,
      title: listings.title,
      author: listings.author,
      status: listings.status,
      coverImageUrl: listings.coverImageUrl,
    })
    .from(listings)
    .where(
      and(
        eq(sql`lower(btrim(${listings.title}))`, title.trim().toLowerCase()),
        eq(sql`lower(btrim(${listings.author}))`, author.trim().toLowerCase()),
      ),
    )
    .orderBy(listings.id)
    .limit(10);
}
