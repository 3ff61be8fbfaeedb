import { asc, eq } from 'drizzle-orm';
import { AUTHORISATION_LIFETIME_MS } from '@/domains/payments/payments.constants';
import type { Executor } from '@/server/db/client';
import { formatPounds, penceToPounds } from '@/shared/money';
import {
  DEFAULT_MEDIA,
  DEFAULT_TERRITORY,
  type TermKind,
  type TermParty,
} from '../offers.constants';
import type { TermChange, TermSheetRequest, TermVersion } from '../offers.schema';
import { offerTerms, type OfferRow, type OfferTermsRow } from './offers.tables';

/** The terms of one version of a term sheet, as stored (pence). */
export type TermValues = Pick<
  OfferTermsRow,
  | 'pricePence'
  | 'optionPeriod'
  | 'purchasePricePence'
  | 'extensionMonths'
  | 'extensionFeePence'
  | 'territory'
  | 'media'
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

/** Version 1: the producer's offer as the offer row holds it. */
export function firstVersionOf(offer: OfferRow): TermVersionRecord {
  return {
    version: 1,
    proposedBy: 'producer',
    kind: 'offer',
    authorId: offer.producerId,
    createdAt: offer.submittedAt ?? offer.createdAt,
    pricePence: offer.offerPricePence,
    optionPeriod: offer.optionPeriod,
    purchasePricePence: null,
    extensionMonths: 0,
    extensionFeePence: null,
    territory: DEFAULT_TERRITORY,
    media: DEFAULT_MEDIA,
    extraRightsRequest: offer.extraRightsRequest,
    fundCompetition: offer.fundCompetition,
    fundNotes: offer.fundNotes,
    notes: null,
  };
}

export function termValuesOf(request: TermSheetRequest): TermValues {
  return {
    pricePence: request.pricePence,
    optionPeriod: request.optionPeriod,
    purchasePricePence: request.purchasePricePence,
    extensionMonths: request.extensionMonths,
    extensionFeePence: request.extensionMonths > 0 ? request.extensionFeePence : null,
    territory: request.territory,
    media: request.media,
    extraRightsRequest: request.extraRightsRequest,
    fundCompetition: request.fundCompetition,
    fundNotes: request.fundNotes,
    notes: request.notes,
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
  return rows.length > 0 ? rows : [firstVersionOf(offer)];
}

/** Writes version 1 from the offer row if it is not stored yet (inside the counter's tx). */
export async function storeFirstVersion(tx: Executor, offer: OfferRow): Promise<void> {
  await tx
    .insert(offerTerms)
    .values({ offerId: offer.id, ...firstVersionOf(offer) })
    .onConflictDoNothing();
}

const pounds = (pence: number | null) => (pence === null ? null : formatPounds(pence));
const months = (value: number) => (value === 0 ? 'None' : `${value} months`);

const FIELDS: { field: keyof TermValues; label: string; show: (v: TermValues) => string | null }[] =
  [
    { field: 'pricePence', label: 'Option fee', show: (v) => pounds(v.pricePence) },
    { field: 'optionPeriod', label: 'Option period', show: (v) => months(v.optionPeriod) },
    {
      field: 'purchasePricePence',
      label: 'Purchase price',
      show: (v) => pounds(v.purchasePricePence),
    },
    { field: 'extensionMonths', label: 'Extension', show: (v) => months(v.extensionMonths) },
    {
      field: 'extensionFeePence',
      label: 'Extension fee',
      show: (v) => pounds(v.extensionFeePence),
    },
    { field: 'territory', label: 'Territory', show: (v) => v.territory },
    { field: 'media', label: 'Media', show: (v) => v.media },
    { field: 'extraRightsRequest', label: 'Extra rights', show: (v) => v.extraRightsRequest },
    {
      field: 'fundCompetition',
      label: 'Fund competition',
      show: (v) => (v.fundCompetition ? 'Yes' : 'No'),
    },
    { field: 'fundNotes', label: 'Fund notes', show: (v) => v.fundNotes },
    { field: 'notes', label: 'Notes', show: (v) => v.notes },
  ];

/** What changed from one version to the next, each field as both sides read it. */
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

/** The terms are the same (a counter must change something). */
export const sameTerms = (a: TermValues, b: TermValues) => diffTerms(a, b).length === 0;

export function toTermVersion(
  record: TermVersionRecord,
  previous: TermVersionRecord | null,
  authorName: string | null,
): TermVersion {
  return {
    version: record.version,
    proposedBy: record.proposedBy,
    kind: record.kind,
    authorName,
    offerPrice: penceToPounds(record.pricePence) ?? '0.00',
    optionPeriod: record.optionPeriod,
    purchasePrice: penceToPounds(record.purchasePricePence),
    extensionMonths: record.extensionMonths,
    extensionFee: penceToPounds(record.extensionFeePence),
    territory: record.territory,
    media: record.media,
    extraRightsRequest: record.extraRightsRequest,
    fundCompetition: record.fundCompetition,
    fundNotes: record.fundNotes,
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
