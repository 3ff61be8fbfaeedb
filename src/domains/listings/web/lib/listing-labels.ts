import type { BadgeTone } from '@/web/components/ui/badge';
import { formatPounds, poundsToPence } from '@/shared/money';
import {
  EXCLUSIVITY_LABELS,
  MEDIUM_LABELS,
  RIGHT_LABELS,
  VIABILITY_BANDS,
  type Medium,
} from '../../listings.constants';

const isMedium = (value: string): value is Medium => Object.hasOwn(MEDIUM_LABELS, value);

/** 'short_film' → 'Short Film'; a medium outside the spec's list is shown as entered. */
export function mediumLabel(medium: string): string {
  const key = medium.toLowerCase();
  return isMedium(key) ? MEDIUM_LABELS[key] : medium;
}

const STATUS_BADGES: Record<string, { label: string; tone: BadgeTone }> = {
  available: { label: 'Available', tone: 'green' },
  optioned: { label: 'Optioned', tone: 'amber' },
  sold: { label: 'Sold', tone: 'red' },
};

/** The spec's status badge: available, optioned, sold; anything else reads Unknown. */
export function statusBadge(status: string): { label: string; tone: BadgeTone } {
  return STATUS_BADGES[status.toLowerCase()] ?? { label: 'Unknown', tone: 'slate' };
}

export function rightLabel(right: string): string {
  return (RIGHT_LABELS as Record<string, string>)[right.toLowerCase()] ?? right;
}

export function exclusivityLabel(exclusivity: string): string {
  return (EXCLUSIVITY_LABELS as Record<string, string>)[exclusivity.toLowerCase()] ?? exclusivity;
}

/** An API amount of pounds ("25000.00") as whole pounds: "£25,000". */
export const formatListingPounds = (pounds: string | null) => formatPounds(poundsToPence(pounds));

/** '£min - £max', one end when only one is known, else 'Contact for pricing'. */
export function priceRangeLabel(min: string | null, max: string | null): string {
  if (min !== null && max !== null) {
    return `${formatListingPounds(min)} - ${formatListingPounds(max)}`;
  }
  if (max !== null) return `Up to ${formatListingPounds(max)}`;
  if (min !== null) return `From ${formatListingPounds(min)}`;
  return 'Contact for pricing';
}

const longDateFormatter = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/London',
});

/** '2026-12-01' or an ISO instant → '1 December 2026' (UK time); null when unreadable. */
export function formatUkLongDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : longDateFormatter.format(date);
}

/** The spec's viability band name for a score (part 1 section 9), for the card's label. */
/** The card's viability line: score and band, or why there is none yet. */
export function viabilityText(score: number | null): string {
  // Null only until the analysis job reaches the listing: within a minute of start, a couple of minutes after a new listing.
  return score === null
    ? 'Not yet scored (within minutes)'
    : `${score}/100 · ${viabilityBandName(score)}`;
}

export function viabilityBandName(score: number): string {
  const band = Object.values(VIABILITY_BANDS).find(({ min, max }) => score >= min && score <= max);
  return band ? band.label.replace(/\s*\(.*\)$/, '') : 'Unscored';
}
