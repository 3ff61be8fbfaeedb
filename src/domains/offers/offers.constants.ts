import { MAX_CHARGE_PENCE } from '@/domains/payments/payments.constants';

/** The spec's numbers for offers (part 1 sections 5 and 9; issue 5). */
export const OPTION_PERIODS = [12, 18, 24, 36] as const;
export type OptionPeriod = (typeof OPTION_PERIODS)[number];

/** Minimum offer in pounds; the form's input step is the same (a UI hint, not a rule). */
export const MIN_OFFER_POUNDS = 1000;
export const OFFER_STEP_POUNDS = 1000;
/** The card provider's single-charge maximum: £999,999.99. */
export const MAX_OFFER_PENCE = MAX_CHARGE_PENCE;

export const CANCELLATION_REASON_MAX = 500;
export const FREE_TEXT_MAX = 2000;

/** Proposal decks: at most 50 MB, these extensions, checked by content too. */
export const DECK_MAX_BYTES = 50 * 1024 * 1024;
export const DECK_EXTENSIONS = ['.pdf', '.ppt', '.pptx', '.key'] as const;
export const DECK_ACCEPT = DECK_EXTENSIONS.join(',');

const DAY_MS = 24 * 60 * 60 * 1000;
/** The agent answers within 6 days of authorisation; card holds last about 7. */
export const RESPONSE_WINDOW_MS = 6 * DAY_MS;
/** The deadline always leaves this margin before the provider lets the hold lapse. */
export const HOLD_SAFETY_MARGIN_MS = DAY_MS;
/** Agent and producer are reminded this long before the deadline. */
export const REMINDER_BEFORE_MS = DAY_MS;

/**
 * Every status an offer row holds. Life: awaiting_payment → pending (hold authorised; the
 * agent sees it) → accepting (our own short claim while the capture is in flight) → accepted
 * (captured); pending → rejected | cancelled | expired (hold released or lapsed);
 * awaiting_payment → abandoned | cancelled.
 * Negotiation (decision 016): pending → countered (the agent proposed other terms; the
 * producer's turn) → pending (the producer accepted them or countered back at the held price)
 * or → reauthorising (at another price: a new hold is being placed while the old one stays)
 * → pending once the new hold is authorised (the old one is then released).
 */
export const OFFER_STATUSES = [
  'awaiting_payment',
  'pending',
  'countered',
  'reauthorising',
  'accepting',
  'accepted',
  'rejected',
  'cancelled',
  'expired',
  'abandoned',
] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/**
 * What the API and the screens show: 'accepting' reads as pending to both sides until the
 * money has moved.
 */
export const PUBLIC_OFFER_STATUSES = [
  'awaiting_payment',
  'pending',
  'countered',
  'reauthorising',
  'accepted',
  'rejected',
  'cancelled',
  'expired',
  'abandoned',
] as const satisfies readonly OfferStatus[];
export type PublicOfferStatus = (typeof PUBLIC_OFFER_STATUSES)[number];

/** Statuses of an offer whose hold is (or may become) live: one per producer per listing. */
export const OPEN_OFFER_STATUSES = [
  'awaiting_payment',
  'pending',
  'countered',
  'reauthorising',
] as const satisfies readonly OfferStatus[];

/** An offer whose hold may still be live at the provider: open, or its capture in flight. */
export const LIVE_HOLD_STATUSES = [...OPEN_OFFER_STATUSES, 'accepting'] as const;

/**
 * An offer that options its part of the listing, or is about to (issue 29: several per
 * listing, on disjoint parts; the rights room keeps them apart).
 */
export const OPTIONING_STATUSES = [
  'accepting',
  'accepted',
] as const satisfies readonly OfferStatus[];

/** Closed without the money moving: the hold was released (or lapsed). */
export const CLOSED_OFFER_STATUSES = [
  'rejected',
  'cancelled',
  'expired',
  'abandoned',
] as const satisfies readonly OfferStatus[];

/** What the agent sees: only offers whose hold was authorised at least once. */
export const AGENT_VISIBLE_STATUSES = [
  'pending',
  'countered',
  'reauthorising',
  'accepted',
  'rejected',
  'expired',
] as const satisfies readonly PublicOfferStatus[];

/** The rows behind what the agent sees ('accepting' is shown as pending). */
export const AGENT_VISIBLE_ROW_STATUSES = [...AGENT_VISIBLE_STATUSES, 'accepting'] as const;

export const OFFER_STATUS_LABELS: Record<PublicOfferStatus, string> = {
  awaiting_payment: 'Awaiting Payment',
  pending: 'Pending',
  countered: 'Countered',
  reauthorising: 'Awaiting Card',
  accepted: 'Accepted',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
  expired: 'Expired',
  abandoned: 'Abandoned',
};

/**
 * The counters of My Submissions and the agent's listings: every status shown falls in
 * exactly one (issue 28: a countered offer is still pending a decision). 'Closed' is what
 * ended without a rejection: withdrawn by the producer, or expired.
 */
export const COUNTED_STATUSES = {
  pending: ['awaiting_payment', 'pending', 'countered', 'reauthorising', 'accepting'],
  accepted: ['accepted'],
  rejected: ['rejected'],
  closed: ['cancelled', 'expired'],
} as const satisfies Record<string, readonly OfferStatus[]>;

/** An offer (as the API shows it) that still awaits a decision: the pending counter. */
export const isAwaitingDecision = (status: string) =>
  (COUNTED_STATUSES.pending as readonly string[]).includes(status);

/** Statuses in which the terms may still be negotiated (a counter, an answer to one). */
export const NEGOTIABLE_STATUSES = [
  'pending',
  'countered',
] as const satisfies readonly OfferStatus[];

/** Who proposed a version of an offer's term sheet. */
export const TERM_PARTIES = ['producer', 'agent'] as const;
export type TermParty = (typeof TERM_PARTIES)[number];

/** What a version of the term sheet is: the first offer, a counter, or the other side's yes. */
export const TERM_KINDS = ['offer', 'counter', 'accepted_counter'] as const;
export type TermKind = (typeof TERM_KINDS)[number];

/** A territory as the listing form takes it: at most 100 characters, at most 20 of them. */
export const TERRITORY_MAX = 100;
export const TERRITORIES_MAX = 20;
/** The screen credit a term sheet may name (e.g. 'Based on the novel by ...'). */
export const CREDIT_MAX = 300;
export const EXTENSION_PERIODS = [0, 6, 12, 18, 24] as const;
