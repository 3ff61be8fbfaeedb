import { and, isNotNull, isNull, or } from 'drizzle-orm';
import type { AppDeps } from '@/server/deps';
import { runAfterSeal } from './agreement-sealed';
import { fileSignedAgreement } from './file-signed-agreement';
import { mailSignedAgreement } from './mail-signed-agreement';
import { offerAgreements, type OfferAgreementRow } from './agreements.tables';
import { sealAgreement } from './seal-agreement';

/** Everything finishing a signed agreement touches. */
export type CompleteAgreementDeps = Pick<AppDeps, 'db' | 'storage' | 'mailer' | 'config' | 'log'>;

/**
 * Finishes an agreement once both parties have signed (decision 016), each step retry-safe
 * and stamped on the row: seal it (audit trail and digital signature, recorded once), mail it
 * to both parties (once), file it in the listing's chain of title (once). Steps already done
 * are skipped, so the sign route and the offers:agreements job may both call it. Answers the
 * row, or null while a party has still to sign.
 */
export async function completeAgreement(
  deps: CompleteAgreementDeps,
  offerId: number,
): Promise<OfferAgreementRow | null> {
  const sealed = await sealAgreement(deps, offerId);
  if (!sealed?.signedSha256) return null;
  // The option's clock starts at the seal (issue 34): the options room's step, which never
  // throws (its own job starts any option a failure left unstarted).
  await runAfterSeal(deps, offerId);
  await mailSignedAgreement(deps, offerId);
  await fileSignedAgreement(deps, offerId);
  return sealed;
}

/** After the second signature: finish now if we can; the job finishes the rest otherwise. */
export async function completeAgreementSafely(
  deps: CompleteAgreementDeps,
  offerId: number,
): Promise<void> {
  try {
    await completeAgreement(deps, offerId);
  } catch (error) {
    deps.log.warn(
      { err: error, offerId },
      'signed agreement not finished yet; the offers:agreements job retries it',
    );
  }
}

/**
 * The offers:agreements job's second half: agreements both parties signed that are not yet
 * sealed, mailed or filed. Answers how many it took further.
 */
export async function completeUnfinishedAgreements(
  deps: CompleteAgreementDeps,
  limit = 20,
): Promise<number> {
  const unfinished = await deps.db
    .select({ offerId: offerAgreements.offerId })
    .from(offerAgreements)
    .where(
      and(
        isNotNull(offerAgreements.producerSignedAt),
        isNotNull(offerAgreements.agentSignedAt),
        or(
          isNull(offerAgreements.signedSha256),
          isNull(offerAgreements.signedMailedAt),
          isNull(offerAgreements.chainFiledAt),
        ),
      ),
    )
    .limit(limit);
  let completed = 0;
  for (const { offerId } of unfinished) {
    try {
      if (await completeAgreement(deps, offerId)) completed += 1;
    } catch (error) {
      deps.log.warn({ err: error, offerId }, 'signed agreement not finished; will retry');
    }
  }
  return completed;
}
