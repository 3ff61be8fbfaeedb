import type { BadgeTone } from '@/web/components/ui/badge';
import { formatPounds, poundsToPence } from '@/shared/money';
import { OFFER_STATUS_LABELS, type PublicOfferStatus } from '../../offers.constants';
import {
  EXCLUSIVITY_LABELS,
  RIGHT_LABELS,
  type Exclusivity,
  type Right,
} from '@/domains/listings/listings.constants';
import type { OfferCounts, Terms } from '../../offers.schema';

const STATUS_TONES: Record<PublicOfferStatus, BadgeTone> = {
  awaiting_payment: 'blue',
  pending: 'amber',
  countered: 'blue',
  reauthorising: 'blue',
  accepted: 'green',
  rejected: 'red',
  cancelled: 'slate',
  expired: 'purple',
  abandoned: 'slate',
};

/** The status badge of an offer; a missing status is treated as pending (spec section 4). */
export function offerStatusBadge(status: PublicOfferStatus | null | undefined): {
  label: string;
  tone: BadgeTone;
} {
  const shown = status ?? 'pending';
  return { label: OFFER_STATUS_LABELS[shown], tone: STATUS_TONES[shown] };
}

/** Success rate: accepted ÷ total × 100 to one decimal; '0.0%' with no offers. */
export function successRate(counts: Pick<OfferCounts, 'accepted' | 'total'>): string {
  if (counts.total <= 0) return '0.0%';
  return `${((counts.accepted / counts.total) * 100).toFixed(1)}%`;
}

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/**
 * Time left until `deadline`, in the two largest units: '3 days 4 hours', '5 hours
 * 12 minutes', '7 minutes'; null once it has passed (or cannot be read).
 */
export function timeRemaining(deadline: string | null, now: number): string | null {
  if (!deadline) return null;
  const left = new Date(deadline).getTime() - now;
  if (!Number.isFinite(left) || left <= 0) return null;
  const days = Math.floor(left / DAY_MS);
  const hours = Math.floor((left % DAY_MS) / HOUR_MS);
  const minutes = Math.floor((left % HOUR_MS) / MINUTE_MS);
  if (days > 0)
    return hours > 0 ? `${plural(days, 'day')} ${plural(hours, 'hour')}` : plural(days, 'day');
  if (hours > 0) {
    return minutes > 0
      ? `${plural(hours, 'hour')} ${plural(minutes, 'minute')}`
      : plural(hours, 'hour');
  }
  return plural(Math.max(1, minutes), 'minute');
}

/** 12 → '12 months'. */
export const formatOptionPeriod = (months: number) => plural(months, 'month');

/** An offer's amount as the API gives it ("25000.00") in whole pounds: '£25,000'. */
export const formatOfferPrice = (offerPrice: string) => formatPounds(poundsToPence(offerPrice));

/** An API amount of pounds ("25000.50") exactly, as money reads: '£25,000.50'. */
export const formatExactPounds = (amount: string) =>
  formatPounds(poundsToPence(amount), { exact: true });

/** A term sheet's purchase price as both sides read it: a sum, or a share of the budget. */
export function purchasePriceText(terms: Terms): string {
  if (terms.purchasePrice !== null) return formatExactPounds(terms.purchasePrice);
  if (terms.purchasePricePercent === null) return 'To be agreed';
  const bounds = [
    terms.purchasePriceFloor !== null
      ? `floor ${formatExactPounds(terms.purchasePriceFloor)}`
      : null,
    terms.purchasePriceCap !== null ? `cap ${formatExactPounds(terms.purchasePriceCap)}` : null,
  ].filter(Boolean);
  const percent = Number(terms.purchasePricePercent).toLocaleString('en-GB');
  return `${percent}% of the budget${bounds.length ? ` (${bounds.join(', ')})` : ''}`;
}

/** Media as the listing form names them: 'Film, TV'. */
export const mediaText = (media: readonly Right[]) =>
  media.map((right) => RIGHT_LABELS[right]).join(', ');

export const exclusivityText = (value: Exclusivity | null) =>
  value ? EXCLUSIVITY_LABELS[value] : 'Not exclusive';
