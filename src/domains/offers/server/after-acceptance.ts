import type { AppDeps } from '@/server/deps';
import type { OfferDeps } from './offer-deps';

/** What a room that acts on an acceptance is handed: the offer's deps with the Storage port. */
export type AcceptanceDeps = OfferDeps & { storage: AppDeps['storage'] };

/** Work another room does once an acceptance's capture has committed; it must never throw. */
export type AfterAcceptance = (deps: AcceptanceDeps, offerId: number) => Promise<void>;

const afterAcceptance: AfterAcceptance[] = [];

/**
 * The agreements room makes the option agreement as soon as an offer is accepted. Offers must
 * not import that room (agreements reads offers, so the arrow would make a circle), so the
 * agreements front door registers its step here when it is loaded, which the app always does.
 * Registering the same step twice keeps one.
 */
export function onOfferAccepted(step: AfterAcceptance): void {
  if (!afterAcceptance.includes(step)) afterAcceptance.push(step);
}

/** Runs every registered step in order (acceptOffer calls it after the capture committed). */
export async function runAfterAcceptance(deps: AcceptanceDeps, offerId: number): Promise<void> {
  for (const step of afterAcceptance) await step(deps, offerId);
}
