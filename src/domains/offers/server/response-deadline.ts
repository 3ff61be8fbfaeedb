import { HOLD_SAFETY_MARGIN_MS, RESPONSE_WINDOW_MS } from '../offers.constants';

/**
 * The agent must answer 6 days after the hold is authorised, and never later than a day
 * before the provider lets the hold lapse (Stripe counts its 7 days from the intent's
 * creation, which may be earlier than the card's confirmation).
 */
export function responseDeadlineFor(authorisedAt: Date, holdExpiresAt: Date | null): Date {
  const deadline = authorisedAt.getTime() + RESPONSE_WINDOW_MS;
  if (!holdExpiresAt) return new Date(deadline);
  return new Date(Math.min(deadline, holdExpiresAt.getTime() - HOLD_SAFETY_MARGIN_MS));
}
