import { eq } from 'drizzle-orm';
import { LISTING_NOT_FOUND } from '@/domains/listings/server';
import { listings } from '@/domains/listings/server/listings.tables';
import type { Executor } from '@/server/db/client';
import { notFound } from '@/shared/errors';

export const listingForEnrichmentColumns = {
  id: listings.id,
  title: listings.title,
  author: listings.author,
  isbn: listings.isbn,
  pages: listings.pages,
  genre: listings.genre,
  publisher: listings.publisher,
  coverImageUrl: listings.coverImageUrl,
  medium: listings.medium,
};

export type ListingForEnrichment = {
  id: number;
  title: string;
  author: string;
  isbn: string | null;
  pages: number | null;
  genre: string | null;
  publisher: string | null;
  coverImageUrl: string | null;
  medium: string;
};

export async function findListingForEnrichment(
  db: Executor,
  listingId: number,
): Promise<ListingForEnrichment | null> {
  const [row] = await db
    .select(listingForEnrichmentColumns)
    .from(listings)
    .where(eq(listings.id, listingId));
  return row ?? null;
}

export async function getListingForEnrichment(
  db: Executor,
  listingId: number,
): Promise<ListingForEnrichment> {
  const row = await findListingForEnrichment(db, listingId);
  if (!row) throw notFound(LISTING_NOT_FOUND);
  return row;
}
