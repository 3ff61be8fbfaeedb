import { asc, eq } from 'drizzle-orm';
import {
  EXCLUSIVITY,
  EXCLUSIVITY_LABELS,
  RIGHTS,
  RIGHT_LABELS,
  type Exclusivity,
  type Right,
} from '@/domains/listings/listings.constants';
import { listings } from '@/domains/listings/server/listings.tables';
import { AUTHORISATION_LIFETIME_MS } from '@/domains/payments/payments.constants';
import type { Executor } from '@/server/db/client';
import { formatPounds, penceToPounds } from '@/shared/money';
import type { TermKind, TermParty } from '../offers.constants';
import type { TermChange, TermSheetRequest, TermVersion, Terms } from '../offers.schema';
import { offerTerms, type OfferRow, type OfferTermsRow } from './offers.tables';

/** The terms of one version of a term sheet, as stored (pence, rights as lists). */
export type TermValues = Pick<
  OfferTermsRow,
  | 'offerPricePence'
  | 'optionPeriod'
  | 'purchasePricePence'
  | 'purchasePricePercentBp'
  | 'purchasePriceFloorPence'
  | 'purchasePriceCapPence'
  | 'extensionMonths'
  | 'extensionFeePence'
  | 'territories'
  | 'media'
  | 'exclusivity'
  | 'credit'
  | 'extraRightsRequest'
  | 'fundCompetition'
  | 'fundNotes'
  | 'notes'
>;

/** A version as read: stored, or version 1 made up from the offer row before any counter. */
export type TermVersionRecord = TermValues & {
  version: number;
  proposedBy: TermParty;
  kind: TermKind;
  authorId: number | null;
  createdAt: Date;
};

/** What a listing offers, as its agent's form recorded it: the bounds of every term sheet. */
export interface ListingRights {
  rightsAvailable: string[];
  territory: string[];
  exclusivity: string | null;
}

export const isRight = (value: string): value is Right =>
  (RIGHTS as readonly string[]).includes(value);
export const isExclusivity = (value: string | null): value is Exclusivity =>
  value !== null && (EXCLUSIVITY as readonly string[]).includes(value);

/** The listing's rights and territories, from the listings table (by the offer's listing). */
export async function loadListingRights(db: Executor, listingId: number): Promise<ListingRights> {
  const [row] = await db
    .select({
      rightsAvailable: listings.rightsAvailable,
      territory: listings.territory,
      exclusivity: listings.exclusivity,
    })
    .from(listings)
    .where(eq(listings.id, listingId));
  return row ?? { rightsAvailable: [], territory: [], exclusivity: null };
}

/** Version 1: the producer's offer as the offer row holds it, with the listing's own rights. */
export function firstVersionOf(offer: OfferRow, rights: ListingRights): TermVersionRecord {
  return {
    version: 1,
    proposedBy: 'producer',
    kind: 'offer',
    authorId: offer.producerId,
    createdAt: offer.submittedAt ?? offer.createdAt,
    offerPricePence: offer.offerPricePence,
    optionPeriod: offer.optionPeriod,
    purchasePricePence: null,
    purchasePricePercentBp: null,
    purchasePriceFloorPence: null,
    purchasePriceCapPence: null,
    extensionMonths: 0,
    extensionFeePence: null,
    territories: rights.territory,
    media: rights.rightsAvailable.filter(isRight),
    exclusivity: isExclusivity(rights.exclusivity) ? rights.exclusivity : null,
    credit: null,
    extraRightsRequest: offer.extraRightsRequest,
    fundCompetition: offer.fundCompetition,
    fundNotes: offer.fundNotes,
    notes: null,
  };
}

/**
 * A proposal's terms as stored. Rights it leaves out stand as they are: the caller fills them
 * from the version it answers (proposalWithin), and `as` carries that version here.
 */
export function termValuesOf(request: TermSheetRequest, as: TermValues): TermValues {
  const isPercent = request.purchasePricePercentBp !== null;
  return {
    offerPricePence: request.offerPricePence,
    optionPeriod: request.optionPeriod,
    purchasePricePence: request.purchasePricePence,
    purchasePricePercentBp: request.purchasePricePercentBp,
    purchasePriceFloorPence: isPercent ? request.purchasePriceFloorPence : null,
    purchasePriceCapPence: isPercent ? request.purchasePriceCapPence : null,
    extensionMonths: request.extensionMonths,
    extensionFeePence: request.extensionMonths > 0 ? request.extensionFeePence : null,
    territories: request.territories ?? as.territories,
    media: request.media ?? as.media,
    exclusivity: request.exclusivity ?? as.exclusivity,
    credit: request.credit,
    extraRightsRequest: request.extraRightsRequest,
    fundCompetition: request.fundCompetition,
    fundNotes: request.fundNotes,
    notes: request.notes,
  };
}

/** Only the terms of a version (its note is a message, not a term). */
export function pickTerms(version: TermValues): TermValues {
  return {
    offerPricePence: version.offerPricePence,
    optionPeriod: version.optionPeriod,
    purchasePricePence: version.purchasePricePence,
    purchasePricePercentBp: version.purchasePricePercentBp,
    purchasePriceFloorPence: version.purchasePriceFloorPence,
    purchasePriceCapPence: version.purchasePriceCapPence,
    extensionMonths: version.extensionMonths,
    extensionFeePence: version.extensionFeePence,
    territories: version.territories,
    media: version.media,
    exclusivity: version.exclusivity,
    credit: version.credit,
    extraRightsRequest: version.extraRightsRequest,
    fundCompetition: version.fundCompetition,
    fundNotes: version.fundNotes,
    notes: null,
  };
}

/** Every stored version, oldest first; version 1 made up from the row when none is stored. */
export async function loadTermVersions(
  db: Executor,
  offer: OfferRow,
): Promise<TermVersionRecord[]> {
  const rows = await db
    .select()
    .from(offerTerms)
    .where(eq(offerTerms.offerId, offer.id))
    .orderBy(asc(offerTerms.version));
  if (rows.length > 0) return rows;
  return [firstVersionOf(offer, await loadListingRights(db, offer.listingId))];
}

/** Writes version 1 from the offer row if it is not stored yet (inside the counter's tx). */
export async function storeFirstVersion(
  tx: Executor,
  offer: OfferRow,
  rights: ListingRights,
): Promise<void> {
  await tx
    .insert(offerTerms)
    .values({ offerId: offer.id, ...firstVersionOf(offer, rights) })
    .onConflictDoNothing();
}

/**
 * Which term of a proposal asks for more than the listing offers, in our words, or null. A
 * counter may narrow the rights or re-price them; it never grants what the owner did not offer.
 */
export function termOutsideListing(
  terms: Pick<TermValues, 'media' | 'territories' | 'exclusivity'>,
  rights: ListingRights,
): TermOutside | null {
  const media = terms.media.filter((right) => !rights.rightsAvailable.includes(right));
  if (media.length > 0) {
    return {
      field: 'media',
      message: `Media: this listing does not offer ${media.map(rightLabelOf).join(', ')} rights. It offers ${listOrNone(rights.rightsAvailable.map(rightLabelOf))}.`,
    };
  }
  const offered = new Map(rights.territory.map((name) => [name.toLowerCase(), name]));
  const territories = terms.territories.filter((name) => !offered.has(name.toLowerCase()));
  if (territories.length > 0) {
    return {
      field: 'territories',
      message: `Territories: this listing is not offered in ${territories.join(', ')}. It is offered in ${listOrNone(rights.territory)}.`,
    };
  }
  // Exclusive rights are more than a non-exclusive (or first-look) listing offers.
  if (
    terms.exclusivity !== null &&
    terms.exclusivity !== rights.exclusivity &&
    terms.exclusivity !== 'non-exclusive'
  ) {
    return {
      field: 'exclusivity',
      message: `Exclusivity: this listing offers ${rights.exclusivity ? exclusivityLabelOf(rights.exclusivity).toLowerCase() : 'no exclusive'} rights, not ${exclusivityLabelOf(terms.exclusivity).toLowerCase()} ones.`,
    };
  }
  return null;
}

export interface TermOutside {
  field: 'media' | 'territories' | 'exclusivity';
  message: string;
}

/** Territories spelled as the listing spells them (a counter may type 'uk' for 'UK'). */
export function inListingSpelling<T extends Pick<TermValues, 'territories'>>(
  terms: T,
  rights: ListingRights,
): T {
  const offered = new Map(rights.territory.map((name) => [name.toLowerCase(), name]));
  return {
    ...terms,
    // One spelling per territory ('uk' and 'UK' are one).
    territories: [
      ...new Set(terms.territories.map((name) => offered.get(name.toLowerCase()) ?? name)),
    ],
  };
}

const listOrNone = (names: string[]) => (names.length > 0 ? names.join(', ') : 'none');
export const rightLabelOf = (right: string) => (isRight(right) ? RIGHT_LABELS[right] : right);
export const exclusivityLabelOf = (value: string) =>
  isExclusivity(value) ? EXCLUSIVITY_LABELS[value] : value;

const pounds = (pence: number | null) => (pence === null ? null : formatPounds(pence));
const months = (value: number) => (value === 0 ? 'None' : `${value} months`);
/** 150 basis points → '1.5%'. */
export const percentLabel = (bp: number) => `${(bp / 100).toLocaleString('en-GB')}%`;

/** The purchase price as both sides and the agreement read it, or null when not named. */
export function purchasePriceLabel(
  v: TermValues,
  show: (pence: number) => string = formatPounds,
): string | null {
  if (v.purchasePricePence !== null) return show(v.purchasePricePence);
  if (v.purchasePricePercentBp === null) return null;
  const bounds = [
    v.purchasePriceFloorPence !== null ? `floor ${show(v.purchasePriceFloorPence)}` : null,
    v.purchasePriceCapPence !== null ? `cap ${show(v.purchasePriceCapPence)}` : null,
  ].filter(Boolean);
  return `${percentLabel(v.purchasePricePercentBp)} of the production budget${bounds.length ? ` (${bounds.join(', ')})` : ''}`;
}

const FIELDS: { field: string; label: string; show: (v: TermValues) => string | null }[] = [
  { field: 'offerPricePence', label: 'Option fee', show: (v) => pounds(v.offerPricePence) },
  { field: 'optionPeriod', label: 'Option period', show: (v) => months(v.optionPeriod) },
  { field: 'purchasePrice', label: 'Purchase price', show: (v) => purchasePriceLabel(v) },
  { field: 'extensionMonths', label: 'Extension', show: (v) => months(v.extensionMonths) },
  { field: 'extensionFeePence', label: 'Extension fee', show: (v) => pounds(v.extensionFeePence) },
  { field: 'media', label: 'Media', show: (v) => v.media.map(rightLabelOf).join(', ') },
  { field: 'territories', label: 'Territories', show: (v) => v.territories.join(', ') },
  {
    field: 'exclusivity',
    label: 'Exclusivity',
    show: (v) => (v.exclusivity ? exclusivityLabelOf(v.exclusivity) : null),
  },
  { field: 'credit', label: 'Credit', show: (v) => v.credit },
  { field: 'extraRightsRequest', label: 'Extra rights', show: (v) => v.extraRightsRequest },
  {
    field: 'fundCompetition',
    label: 'Fund competition',
    show: (v) => (v.fundCompetition ? 'Yes' : 'No'),
  },
  { field: 'fundNotes', label: 'Fund notes', show: (v) => v.fundNotes },
];

/** What changed from one version to the next, each term as both sides read it (no notes). */
export function diffTerms(before: TermValues | null, after: TermValues): TermChange[] {
  const changes: TermChange[] = [];
  for (const { field, label, show } of FIELDS) {
    const to = show(after);
    const from = before ? show(before) : null;
    if (before && from === to) continue;
    if (!before && to === null) continue;
    changes.push({ field, label, from, to });
  }
  return changes;
}

/** The terms are the same (a counter must change a term; a new note alone is not one). */
export const sameTerms = (a: TermValues, b: TermValues) => diffTerms(a, b).length === 0;

/** Stored terms (pence) → the API's terms (pounds as strings). */
export function toTerms(v: TermValues): Terms {
  return {
    offerPrice: penceToPounds(v.offerPricePence),
    optionPeriod: v.optionPeriod,
    purchasePrice: penceToPounds(v.purchasePricePence),
    purchasePricePercent:
      v.purchasePricePercentBp === null ? null : (v.purchasePricePercentBp / 100).toFixed(2),
    purchasePriceFloor: penceToPounds(v.purchasePriceFloorPence),
    purchasePriceCap: penceToPounds(v.purchasePriceCapPence),
    extensionMonths: v.extensionMonths,
    extensionFee: penceToPounds(v.extensionFeePence),
    media: v.media.filter(isRight),
    territories: v.territories,
    exclusivity: isExclusivity(v.exclusivity) ? v.exclusivity : null,
    credit: v.credit,
    extraRightsRequest: v.extraRightsRequest,
    fundCompetition: v.fundCompetition,
    fundNotes: v.fundNotes,
  };
}

export function toTermVersion(
  record: TermVersionRecord,
  previous: TermVersionRecord | null,
  authorName: string | null,
): TermVersion {
  return {
    ...toTerms(record),
    version: record.version,
    proposedBy: record.proposedBy,
    kind: record.kind,
    authorName,
    notes: record.notes,
    createdAt: record.createdAt.toISOString(),
    changes: diffTerms(previous, record),
  };
}

/**
 * When the offer's current hold lapses at the provider: recorded at authorisation, or (holds
 * authorised before this was recorded) counted from the authorisation.
 */
export function holdLapseOf(offer: OfferRow): Date | null {
  if (offer.holdExpiresAt) return offer.holdExpiresAt;
  if (!offer.submittedAt) return null;
  return new Date(offer.submittedAt.getTime() + AUTHORISATION_LIFETIME_MS);
}
