import { and, desc, eq, isNotNull, notExists } from 'drizzle-orm';
import { offerAgreements } from '@/domains/agreements/server/agreements.tables';
import { currentTermsOf, loadOfferRecord } from '@/domains/offers/server';
import { findGrantByOffer, restartGrantTerm } from '@/domains/rights/server';
import type { AppDeps } from '@/server/deps';
import { addMonths } from '@/shared/dates';
import { options, type OptionRow } from './options.tables';

export type StartOptionDeps = Pick<AppDeps, 'db' | 'log'>;

/**
 * "Each sealed agreement starts an option" (issue 34, decision 024): once the agreement is
 * sealed, the option runs from the seal for the agreed option period. The grant the acceptance
 * made is restarted to that term in the same transaction that records the option with the
 * agreed extension and purchase terms (copied, so a later edit elsewhere never changes them).
 * Idempotent: the agreements room's step after a seal and this room's job may both call it;
 * the unique offer key keeps one. Answers the option, or null when there is nothing to start
 * (not sealed, no grant, or the grant already ended).
 */
export async function startOption(
  deps: StartOptionDeps,
  offerId: number,
): Promise<OptionRow | null> {
  const [existing] = await deps.db.select().from(options).where(eq(options.offerId, offerId));
  if (existing) return existing;
  const [agreement] = await deps.db
    .select({ signedAt: offerAgreements.signedAt, signedSha256: offerAgreements.signedSha256 })
    .from(offerAgreements)
    .where(eq(offerAgreements.offerId, offerId));
  if (!agreement?.signedAt || !agreement.signedSha256) return null;
  const record = await loadOfferRecord(deps.db, offerId);
  const grant = await findGrantByOffer(deps.db, offerId);
  if (!record || !grant || grant.status !== 'optioned') return null;
  const terms = currentTermsOf(record);
  const startsAt = agreement.signedAt;
  const endsAt = addMonths(startsAt, terms.optionPeriod);

  return deps.db.transaction(async (tx) => {
    const [option] = await tx
      .insert(options)
      .values({
        offerId,
        grantId: grant.id,
        listingId: record.listing.id,
        producerId: record.offer.producerId,
        startsAt,
        endsAt,
        optionPeriodMonths: terms.optionPeriod,
        extensionMonths: terms.extensionMonths,
        extensionFeePence: terms.extensionMonths > 0 ? terms.extensionFeePence : null,
        // A fixed price is due on exercise; a percentage of the budget is settled off-card.
        purchasePricePence: terms.purchasePricePence ?? null,
      })
      .onConflictDoNothing()
      .returning();
    if (!option) {
      const [other] = await tx.select().from(options).where(eq(options.offerId, offerId));
      return other ?? null;
    }
    await restartGrantTerm(tx, grant.id, { startsAt, endsAt });
    // No bell of its own: the parties were just told the agreement is sealed (deal_sealed),
    // and the dashboards show the option with its end from now on.
    return option;
  });
}

/** The step agreements runs after a seal: start now; a failure is for the job below. */
export async function startOptionAfterSeal(deps: StartOptionDeps, offerId: number): Promise<void> {
  try {
    await startOption(deps, offerId);
  } catch (error) {
    deps.log.warn({ err: error, offerId }, 'option not started yet; the options job retries it');
  }
}

/** The options:clock job's first part: sealed agreements whose option has not started. */
export async function startMissingOptions(deps: StartOptionDeps, limit = 50): Promise<number> {
  const sealed = await deps.db
    .select({ offerId: offerAgreements.offerId })
    .from(offerAgreements)
    .where(
      and(
        isNotNull(offerAgreements.signedSha256),
        notExists(
          deps.db
            .select({ id: options.id })
            .from(options)
            .where(eq(options.offerId, offerAgreements.offerId)),
        ),
      ),
    )
    // Newest first: a sealed deal whose grant has already ended (nothing to start) must never
    // keep a new one waiting.
    .orderBy(desc(offerAgreements.offerId))
    .limit(limit);
  let started = 0;
  for (const { offerId } of sealed) {
    try {
      if (await startOption(deps, offerId)) started += 1;
    } catch (error) {
      deps.log.warn({ err: error, offerId }, 'option not started; will retry');
    }
  }
  return started;
}
