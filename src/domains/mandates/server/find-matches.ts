import { and, arrayOverlaps, desc, eq, inArray } from 'drizzle-orm';
import type { UserRow } from '@/domains/accounts/server';
import { listings } from '@/domains/listings/server/listings.tables';
import { cosine, findEmbeddings } from '@/domains/recommendations/server';
import type { Executor } from '@/server/db/client';
import { forbidden } from '@/shared/errors';
import { MANDATE_MESSAGES, type AgentMatches, type Mandate } from '../mandates.schema';
import { openMandate, requireOwnMandate } from './find-mandates';
import { fitsHardFields, scoreFit, type ListingFacts } from './mandate-fit';
import { mandatePitches, mandates, type MandateRow } from './mandates.tables';
import { presentMandates } from './present-mandates';

const MATCH_LIMIT = 20;

const listingFacts = {
  id: listings.id,
  title: listings.title,
  author: listings.author,
  medium: listings.medium,
  genre: listings.genre,
  tags: listings.tags,
  rightsAvailable: listings.rightsAvailable,
  territory: listings.territory,
  suggestedOfferMin: listings.suggestedOfferMin,
  suggestedOfferMax: listings.suggestedOfferMax,
  askingPrice: listings.askingPrice,
};

const similarityOf = (mandate: MandateRow, vector: number[] | undefined) =>
  mandate.embedding && vector && mandate.embedding.length === vector.length
    ? cosine(mandate.embedding, vector)
    : 0;

/**
 * GET /api/mandates/{id}/listings: for its producer, the available listings that fit the
 * mandate's hard fields (medium, rights), ranked by meaning and the soft fields, with why.
 */
export async function findMandateListings(db: Executor, user: UserRow, mandateId: number) {
  const mandate = await requireOwnMandate(db, user, mandateId);
  const candidates: ListingFacts[] = await db
    .select(listingFacts)
    .from(listings)
    .where(
      and(
        eq(listings.status, 'available'),
        inArray(listings.medium, mandate.media),
        arrayOverlaps(listings.rightsAvailable, mandate.rights),
      ),
    )
    .orderBy(desc(listings.id))
    .limit(2000);
  const vectors = await findEmbeddings(
    db,
    candidates.map((listing) => listing.id),
  );
  const ranked = candidates
    .filter((listing) => fitsHardFields(mandate, listing))
    .map((listing) => ({
      listing,
      ...scoreFit(mandate, listing, similarityOf(mandate, vectors.get(listing.id))),
    }))
    .sort((a, b) => b.score - a.score || b.listing.id - a.listing.id)
    .slice(0, MATCH_LIMIT);
  return {
    listings: ranked.map(({ listing, score, reason }) => ({
      listingId: listing.id,
      title: listing.title,
      author: listing.author,
      medium: listing.medium,
      score,
      reason,
    })),
  };
}

/**
 * GET /api/mandates/matches: for each of the agent's available listings, the open mandates
 * that fit, best first, with why, and whether the agent has pitched it there already.
 */
export async function findAgentMatches(db: Executor, agent: UserRow): Promise<AgentMatches> {
  if (agent.role !== 'agent') throw forbidden(MANDATE_MESSAGES.agentsOnly);
  const own: ListingFacts[] = await db
    .select(listingFacts)
    .from(listings)
    .where(and(eq(listings.agentId, agent.id), eq(listings.status, 'available')))
    .orderBy(desc(listings.id))
    .limit(200);
  if (own.length === 0) return { listings: [] };
  const open = await db.select().from(mandates).where(openMandate()).limit(1000);
  const vectors = await findEmbeddings(
    db,
    own.map((listing) => listing.id),
  );
  const pitched = await db
    .select({ mandateId: mandatePitches.mandateId, listingId: mandatePitches.listingId })
    .from(mandatePitches)
    .where(eq(mandatePitches.agentId, agent.id));
  const pitchedKeys = new Set(pitched.map((row) => `${row.mandateId}:${row.listingId}`));
  const presented = new Map(
    (await presentMandates(db, open, agent)).map((mandate) => [mandate.id, mandate]),
  );
  return {
    listings: own.map((listing) => ({
      listingId: listing.id,
      title: listing.title,
      mandates: open
        .filter((mandate) => fitsHardFields(mandate, listing) && presented.has(mandate.id))
        .map((mandate) => ({
          mandate: presented.get(mandate.id) as Mandate,
          pitched: pitchedKeys.has(`${mandate.id}:${listing.id}`),
          ...scoreFit(mandate, listing, similarityOf(mandate, vectors.get(listing.id))),
        }))
        .sort((a, b) => b.score - a.score || b.mandate.id - a.mandate.id)
        .slice(0, MATCH_LIMIT),
    })),
  };
}
