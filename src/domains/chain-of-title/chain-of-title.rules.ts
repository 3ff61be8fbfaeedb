import {
  CHAIN_DOCUMENT_TYPE_LABELS,
  OPTION_ENDING_TYPES,
  RIGHTS_GRANTING_TYPES,
  type ChainDocumentType,
} from './chain-of-title.constants';
import type { ChainGap } from './chain-of-title.schema';

/** What the gap rules read of a document. Dates are YYYY-MM-DD, so they compare as strings. */
export interface ChainEntry {
  id: number;
  documentType: ChainDocumentType;
  title: string;
  effectiveDate: string | null;
  expiryDate: string | null;
}

/** "2024-03-12" → "12 March 2024" (UK style, the date as written, no time zone shift). */
export function formatChainDate(isoDate: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${isoDate}T00:00:00Z`));
}

/** Today as YYYY-MM-DD in the UK (the marketplace's calendar). */
export function todayInLondon(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** Undated documents last, then by effective date, then by filing order (id). */
export function compareChainEntries(a: ChainEntry, b: ChainEntry): number {
  if (a.effectiveDate !== b.effectiveDate) {
    if (a.effectiveDate === null) return 1;
    if (b.effectiveDate === null) return -1;
    return a.effectiveDate < b.effectiveDate ? -1 : 1;
  }
  return a.id - b.id;
}

const label = (entry: ChainEntry) =>
  `${CHAIN_DOCUMENT_TYPE_LABELS[entry.documentType].toLowerCase()} "${entry.title}"`;

/** Is `later` filed as taking effect after `entry` (on the same day counts when filed after)? */
function isAfter(later: ChainEntry, entry: ChainEntry): boolean {
  if (later.id === entry.id || later.effectiveDate === null) return false;
  if (entry.effectiveDate === null) return true;
  return compareChainEntries(entry, later) < 0;
}

/**
 * The gaps in a listing's chain of title, problems first, each in timeline order:
 * - no rights agreement or assignment on file at all: no proof of rights;
 * - an option agreement still running (no expiry, or not yet expired) and not ended by a later
 *   option lapse or reversion: the rights are encumbered (a warning, not a break);
 * - an option agreement past its expiry with no later option lapse or reversion on file: whether
 *   it was exercised (and the rights went with it) is unproven;
 * - a rights agreement or assignment past its expiry with no later grant or reversion: the
 *   rights may have gone back and nothing shows who holds them now;
 * - a document dated in the future (a typing slip, or a deal not yet in force).
 * `today` is YYYY-MM-DD; a document expiring today still runs today.
 */
export function findChainGaps(entries: readonly ChainEntry[], today: string): ChainGap[] {
  const timeline = [...entries].sort(compareChainEntries);
  const problems: ChainGap[] = [];
  const warnings: ChainGap[] = [];

  if (!timeline.some((entry) => RIGHTS_GRANTING_TYPES.includes(entry.documentType))) {
    problems.push({
      kind: 'no_proof_of_rights',
      severity: 'problem',
      message: 'No proof of rights on file: there is no rights agreement or assignment.',
    });
  }

  for (const entry of timeline) {
    const hasExpired = entry.expiryDate !== null && entry.expiryDate < today;
    if (entry.documentType === 'option_agreement') {
      const isEnded = timeline.some(
        (later) => OPTION_ENDING_TYPES.includes(later.documentType) && isAfter(later, entry),
      );
      if (isEnded) continue;
      if (hasExpired) {
        problems.push({
          kind: 'option_expired_unresolved',
          severity: 'problem',
          message: `The ${label(entry)} expired on ${formatChainDate(entry.expiryDate ?? '')} and no option lapse or reversion is on file.`,
          documentId: entry.id,
        });
      } else if (entry.effectiveDate === null || entry.effectiveDate <= today) {
        warnings.push({
          kind: 'option_running',
          severity: 'warning',
          message: entry.expiryDate
            ? `The rights are encumbered: the ${label(entry)} runs until ${formatChainDate(entry.expiryDate)}.`
            : `The rights are encumbered: the ${label(entry)} has no expiry date.`,
          documentId: entry.id,
        });
      }
    }
    if (RIGHTS_GRANTING_TYPES.includes(entry.documentType) && hasExpired) {
      const isFollowed = timeline.some(
        (later) =>
          (RIGHTS_GRANTING_TYPES.includes(later.documentType) ||
            later.documentType === 'reversion') &&
          isAfter(later, entry),
      );
      if (!isFollowed) {
        problems.push({
          kind: 'grant_expired',
          severity: 'problem',
          message: `The ${label(entry)} expired on ${formatChainDate(entry.expiryDate ?? '')} and nothing later on file shows who holds the rights now.`,
          documentId: entry.id,
        });
      }
    }
    if (entry.effectiveDate !== null && entry.effectiveDate > today) {
      warnings.push({
        kind: 'future_dated',
        severity: 'warning',
        message: `The ${label(entry)} is dated in the future (${formatChainDate(entry.effectiveDate)}).`,
        documentId: entry.id,
      });
    }
  }
  return [...problems, ...warnings];
}

/** Whether the chain holds a document that grants the rights (the overview's first question). */
export const hasProofOfRights = (entries: readonly Pick<ChainEntry, 'documentType'>[]): boolean =>
  entries.some((entry) => RIGHTS_GRANTING_TYPES.includes(entry.documentType));
