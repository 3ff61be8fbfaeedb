import type { AppDeps } from '@/server/deps';

/** What a step run after a seal is handed. */
export type AfterSealDeps = Pick<AppDeps, 'db' | 'storage' | 'config' | 'log'>;

/** Work another room does once an agreement is sealed (both signed); it must never throw. */
export type AfterSeal = (deps: AfterSealDeps, offerId: number) => Promise<void>;

const afterSeal: AfterSeal[] = [];

/**
 * The options room starts the option's clock when an agreement is sealed (issue 34). It sits
 * above agreements (it reads agreements and offers), so agreements must not import it: its
 * front door registers its step here when loaded, as agreements does with offers'
 * onOfferAccepted. A step that fails is the registering room's to retry (its own job).
 */
export function onAgreementSealed(step: AfterSeal): void {
  if (!afterSeal.includes(step)) afterSeal.push(step);
}

/** Runs every registered step; a failure is logged, never thrown at the sealing path. */
export async function runAfterSeal(deps: AfterSealDeps, offerId: number): Promise<void> {
  for (const step of afterSeal) {
    try {
      await step(deps, offerId);
    } catch (error) {
      deps.log.warn({ err: error, offerId }, 'a step after the seal failed; its room retries it');
    }
  }
}
