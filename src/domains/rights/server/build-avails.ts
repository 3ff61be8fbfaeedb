import { RIGHTS, type ListingStatus, type Right } from '@/domains/listings/listings.constants';
import { cellKeyOf, cellsOf } from '../rights.constants';
import type { AvailsCell, ListingAvails } from '../rights.schema';
import type { LiveCellFact, OpenOfferFact } from './load-avails-facts';

/** The listing columns the grid is drawn from. */
export interface AvailsListing {
  id: number;
  status: string;
  rightsAvailable: string[];
  territory: string[];
  /** Keys of taken cells (listings keeps them); a key with no live grant is a legacy option. */
  rightsTaken: string[];
}

const isRight = (value: string): value is Right => (RIGHTS as readonly string[]).includes(value);

/** The grid's axes: the listing's media and territories in its order, each once. */
export function availsAxes(listing: Pick<AvailsListing, 'rightsAvailable' | 'territory'>) {
  const media = [...new Set(listing.rightsAvailable.filter(isRight))];
  const seen = new Set<string>();
  const territories: string[] = [];
  for (const territory of listing.territory) {
    const key = territory.trim().toLowerCase();
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    territories.push(territory);
  }
  return { media, territories };
}

/**
 * One listing's avails grid from its facts (pure). A cell is what its live deal makes it
 * (optioned until the grant's end, or sold); else, before issue 29's grants existed, what the
 * listing itself says (a key in `rights_taken` with no live grant, or a listing optioned or
 * sold with no live grant at all, reads optioned or sold with no end); else 'under_offer'
 * when an open offer's current part covers it; else available. Who holds a cell is told only
 * to the listing's agent and admins (`showHolder`).
 */
export function buildAvails(
  listing: AvailsListing,
  facts: { liveCells: LiveCellFact[]; openOffers: OpenOfferFact[] },
  showHolder: boolean,
): ListingAvails {
  const { media, territories } = availsAxes(listing);
  const live = new Map<string, LiveCellFact>(
    facts.liveCells.map((cell) => [`${cell.media}|${cell.territoryKey}`, cell] as const),
  );
  const underOffer = new Set(
    facts.openOffers.flatMap((offer) =>
      cellsOf(offer.media ?? media, offer.territories ?? territories).map(cellKeyOf),
    ),
  );
  const legacyState = listing.status === 'sold' ? 'sold' : 'optioned';
  const wholeListingLegacy =
    (listing.status === 'optioned' || listing.status === 'sold') && facts.liveCells.length === 0;
  const legacyKeys = new Set(listing.rightsTaken);

  const cells = cellsOf(media, territories).map((cell): AvailsCell => {
    const key = cellKeyOf(cell);
    const deal = live.get(key);
    if (deal) {
      const state = deal.status === 'sold' ? 'sold' : 'optioned';
      return {
        ...cell,
        state,
        until: state === 'optioned' && deal.endsAt ? deal.endsAt.toISOString() : null,
        holder: showHolder ? { offerId: deal.offerId, producerName: deal.producerName } : null,
      };
    }
    if (wholeListingLegacy || legacyKeys.has(key)) {
      return {
        ...cell,
        state: legacyState,
        until: null,
        holder: showHolder ? { offerId: null, producerName: null } : null,
      };
    }
    return {
      ...cell,
      state: underOffer.has(key) ? 'under_offer' : 'available',
      until: null,
      holder: null,
    };
  });
  return {
    listingId: listing.id,
    status: listing.status as ListingStatus,
    media,
    territories,
    cells,
  };
}
