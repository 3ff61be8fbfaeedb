import type { Readable } from 'node:stream';
import { and, eq, inArray } from 'drizzle-orm';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import { listings } from '@/domains/listings/server/listings.tables';
import type { Executor } from '@/server/db/client';
import type { Storage } from '@/server/storage/storage';
import { forbidden, notFound } from '@/shared/errors';
import { AGENT_VISIBLE_ROW_STATUSES } from '../offers.constants';
import { decks, offers } from './offers.tables';

const DECK_NOT_FOUND = 'Deck not found';

export interface DeckFile {
  stream: Readable;
  originalName: string;
  mimeType: string;
  sizeBytes: number;
}

/**
 * A deck for download: by its producer, by the agent of a listing that has an offer with
 * this deck (once the offer reached them), and by admins.
 */
export async function getDeckFile(
  db: Executor,
  storage: Storage,
  user: UserRow,
  deckId: number,
): Promise<DeckFile> {
  const [deck] = await db.select().from(decks).where(eq(decks.id, deckId));
  if (!deck) throw notFound(DECK_NOT_FOUND);
  if (user.role !== 'admin' && deck.ownerId !== user.id) {
    const [offered] = await db
      .select({ id: offers.id })
      .from(offers)
      .innerJoin(listings, eq(listings.id, offers.listingId))
      .where(
        and(
          eq(offers.deckId, deck.id),
          eq(listings.agentId, user.id),
          inArray(offers.status, [...AGENT_VISIBLE_ROW_STATUSES]),
        ),
      )
      .limit(1);
    if (!offered) throw forbidden('You do not have access to this deck');
  }
  const stream = await storage.get(deck.storageKey);
  if (!stream) throw notFound(DECK_NOT_FOUND);
  return {
    stream,
    originalName: deck.originalName,
    mimeType: deck.mimeType,
    sizeBytes: deck.sizeBytes,
  };
}

/** attachment; filename="plain ASCII"; filename*=UTF-8''exact (RFC 6266). */
export function attachmentHeader(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
