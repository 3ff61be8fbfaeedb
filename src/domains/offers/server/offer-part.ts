import { and, eq, inArray, ne } from 'drizzle-orm';
import { HIDDEN_STATUSES, RIGHT_LABELS } from '@/domains/listings/listings.constants';
import { cellKeyOf, cellsOf, findLiveCells, type RightsCell } from '@/domains/rights/server';
import type { Executor } from '@/server/db/client';
import { listings } from '@/domains/listings/server/listings.tables';
import { AppError, conflict } from '@/shared/errors';
import { firstVersionOf, isRight, type ListingRights, type TermValues } from './offer-terms';
import type { OfferStatus } from '../offers.constants';
import { offerTerms, offers, type OfferRow } from './offers.tables';

/**
 * The part of a listing's rights an offer covers (issue 29): the cells media × territories of
 * its current term sheet version. Two parts of one listing overlap when they share a cell; a
 * listing whose form names no cell (no media or no territory) is one whole, so an empty part
 * overlaps everything.
 */

/** At most this many cells are named in one message; the rest are counted. */
const MAX_CELLS_NAMED = 12;

/** The cells of a version's media × territories. */
export const partOfTerms = (terms: Pick<TermValues, 'media' | 'territories'>): RightsCell[] =>
  cellsOf(terms.media.filter(isRight), terms.territories);

/** 'Film in UK, TV in Ireland' (each cell once, in the order given; long lists counted). */
export function cellsLabel(cells: readonly RightsCell[]): string {
  const unique = [...new Map(cells.map((cell) => [cellKeyOf(cell), cell])).values()];
  const named = unique
    .slice(0, MAX_CELLS_NAMED)
    .map((cell) => `${RIGHT_LABELS[cell.media]} in ${cell.territory}`);
  const more = unique.length - named.length;
  return more > 0 ? `${named.join(', ')} and ${more} more` : named.join(', ');
}

/** The cells of `part` that `taken` holds too, in `part`'s order. */
export function overlapOf(part: readonly RightsCell[], taken: readonly RightsCell[]): RightsCell[] {
  const keys = new Set(taken.map(cellKeyOf));
  return part.filter((cell) => keys.has(cellKeyOf(cell)));
}

/** Whether two parts of one listing overlap (an empty part is the whole listing). */
export const partsOverlap = (a: readonly RightsCell[], b: readonly RightsCell[]) =>
  a.length === 0 || b.length === 0 || overlapOf(a, b).length > 0;

/** 409 naming the taken cells; `details.takenCells` lets a screen mark them. */
export function takenConflict(cells: readonly RightsCell[]): AppError {
  return new AppError('CONFLICT', `These rights are already optioned: ${cellsLabel(cells)}.`, {
    extra: {
      details: { takenCells: cells.map(({ media, territory }) => ({ media, territory })) },
    },
  });
}

/**
 * The listing's offers in these statuses (other than `excludeOfferId`), each with its current
 * stored term version (null before any is stored: the offer row and the listing say it). A
 * query, so a caller that decides under the listing's lock may add `.for('update')`.
 */
export function offersWithCurrentTerms(
  tx: Executor,
  listingId: number,
  statuses: readonly OfferStatus[],
  excludeOfferId?: number,
) {
  return tx
    .select({ offer: offers, current: offerTerms })
    .from(offers)
    .leftJoin(
      offerTerms,
      and(eq(offerTerms.offerId, offers.id), eq(offerTerms.version, offers.termsVersion)),
    )
    .where(
      and(
        eq(offers.listingId, listingId),
        inArray(offers.status, [...statuses]),
        excludeOfferId === undefined ? undefined : ne(offers.id, excludeOfferId),
      ),
    );
}

/** What is taken of a listing: live deals' cells, and the parts of offers being accepted. */
export interface TakenRights {
  cells: RightsCell[];
  /** A live deal on a listing with no cells (it holds the whole). */
  wholeByDeal: boolean;
  /** An offer being accepted on the whole listing (a listing with no cells). */
  wholeByAcceptance: boolean;
  /** How many live deals, and offers being accepted, the listing has. */
  liveDeals: number;
  acceptingOffers: number;
}

/**
 * Live deals' cells plus the current parts of the listing's offers being accepted (their
 * capture is in flight; their cells are spoken for), other than `excludeOfferId`. Read under
 * the listing's lock when the answer decides a deal.
 */
export async function findTakenRights(
  tx: Executor,
  listing: ListingRights & { id: number },
  excludeOfferId?: number,
): Promise<TakenRights> {
  const live = await findLiveCells(tx, listing.id);
  const holders = new Set(live.cells.map((cell) => cell.grantId));
  const accepting = await offersWithCurrentTerms(tx, listing.id, ['accepting'], excludeOfferId);
  const parts = accepting.map(({ offer, current }) => currentPartOf(offer, current, listing));
  const cells: RightsCell[] = [...live.cells, ...parts.flat()];
  return {
    cells: cells.map(({ media, territory }) => ({ media, territory })),
    wholeByDeal: live.liveGrants > holders.size,
    wholeByAcceptance: parts.some((part) => part.length === 0),
    liveDeals: live.liveGrants,
    acceptingOffers: accepting.length,
  };
}

/** An offer's part now: its current stored version, or (before any was stored) the listing. */
export function currentPartOf(
  offer: OfferRow,
  current: Pick<TermValues, 'media' | 'territories'> | null,
  listing: ListingRights,
): RightsCell[] {
  return partOfTerms(current ?? firstVersionOf(offer, listing));
}

export interface PartMessages {
  /** The listing is off the market, or wholly taken by a deal. */
  unavailable: string;
  /** The whole listing is being accepted for another offer. */
  beingAccepted?: string;
}

/**
 * Under the listing's lock: `part` may be dealt on. Refuses (409) a listing off the market, a
 * whole listing someone holds, a part overlapping taken cells (naming them), and a listing
 * whose status says nothing is left (rights recorded without cells, before issue 29).
 */
export async function requirePartFree(
  tx: Executor,
  listing: (ListingRights & { id: number; status: string }) | undefined,
  part: readonly RightsCell[],
  messages: PartMessages,
  excludeOfferId?: number,
): Promise<void> {
  if (!listing || HIDDEN_STATUSES.includes(listing.status as (typeof HIDDEN_STATUSES)[number])) {
    throw conflict(messages.unavailable);
  }
  const taken = await findTakenRights(tx, listing, excludeOfferId);
  // The whole listing wanted, or held: any deal, or any acceptance in flight, is in the way.
  if (taken.wholeByDeal || (part.length === 0 && taken.liveDeals > 0)) {
    throw conflict(messages.unavailable);
  }
  if (taken.wholeByAcceptance || (part.length === 0 && taken.acceptingOffers > 0)) {
    throw conflict(messages.beingAccepted ?? messages.unavailable);
  }
  const overlap = overlapOf(part, taken.cells);
  if (overlap.length > 0) throw takenConflict(overlap);
  if (listing.status !== 'available') throw conflict(messages.unavailable);
}

/** The listing as a deal on it needs it, locked: FOR UPDATE decides, FOR SHARE waits for that. */
export async function lockListing(tx: Executor, listingId: number, strength: 'share' | 'update') {
  const [listing] = await tx
    .select({
      id: listings.id,
      status: listings.status,
      rightsAvailable: listings.rightsAvailable,
      territory: listings.territory,
      exclusivity: listings.exclusivity,
    })
    .from(listings)
    .where(eq(listings.id, listingId))
    .for(strength);
  return listing as LockedListing | undefined;
}
export type LockedListing = ListingRights & { id: number; status: string };
