import type { Executor } from '@/server/db/client';
import type { AppDeps } from '@/server/deps';

/** What deleting a listing (and each room's step in it) may use: a route passes `app`. */
export type ListingDeletionDeps = Pick<
  AppDeps,
  'db' | 'payments' | 'mailer' | 'config' | 'log' | 'storage'
>;

/**
 * What another room settles when an agent deletes a listing (decision 007). Offers and the
 * chain of title depend on listings, so listings cannot call them: each registers its step
 * from its own front door, which the app always loads (as accounts runs every room's
 * account-deletion step).
 */
export interface ListingDeletionStep {
  /**
   * Inside the withdrawal's transaction, the listing locked: throw to refuse the deletion;
   * true when the listing must be kept, withdrawn, as a record (an accepted offer's).
   */
  keepsListing?: (tx: Executor, listingId: number) => Promise<boolean>;
  /** Once the listing is off the market: settle what hangs on it; answers the holds released. */
  settle?: (deps: ListingDeletionDeps, listingId: number) => Promise<number>;
  /**
   * Just before the listing's row is deleted: gathers what goes with it; the function it
   * answers runs once the row is gone (files in storage, say).
   */
  beforeDelete?: (deps: ListingDeletionDeps, listingId: number) => Promise<() => Promise<void>>;
}

const steps: ListingDeletionStep[] = [];

/** A room adds its step (once: registering the same object again keeps one). */
export function onListingDeletion(step: ListingDeletionStep): void {
  if (!steps.includes(step)) steps.push(step);
}

/** Every registered step, in the order rooms registered them. */
export function listingDeletionSteps(): readonly ListingDeletionStep[] {
  return steps;
}
