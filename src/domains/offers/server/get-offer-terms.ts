import { eq, inArray } from 'drizzle-orm';
import { users, type UserRow } from '@/domains/accounts/server/accounts.tables';
import { paymentLedger } from '@/domains/payments/server/payments.tables';
import type { Executor } from '@/server/db/client';
import { penceToPounds } from '@/shared/money';
import type { OfferTermsResponse } from '../offers.schema';
import { requireOffer } from './offer-access';
import { offerSubject, parseHoldKey } from './offer-hold';
import { publicStatus } from './offer-record';
import { buildOfferTimeline } from './offer-timeline';
import { loadTermVersions, toTermVersion } from './offer-terms';
import { offerAgreements } from '@/domains/agreements/server/agreements.tables';

type HoldState = OfferTermsResponse['holds'][number];

/**
 * GET /api/offers/{id}/terms: every version of the term sheet with what changed, by whom and
 * when; the card holds behind the offer (from the ledger); the agreement once there is one.
 */
export async function getOfferTerms(
  db: Executor,
  user: UserRow,
  offerId: number,
): Promise<OfferTermsResponse> {
  const record = await requireOffer(db, user, offerId, 'read');
  const { offer } = record;
  const versions = await loadTermVersions(db, offer);
  const authorIds = [...new Set(versions.flatMap((v) => (v.authorId ? [v.authorId] : [])))];
  const authors = authorIds.length
    ? await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(inArray(users.id, authorIds))
    : [];
  const nameOf = (id: number | null) => {
    const author = authors.find((a) => a.id === id);
    return author ? `${author.firstName} ${author.lastName}`.trim() : null;
  };

  const ledger = await db
    .select()
    .from(paymentLedger)
    .where(eq(paymentLedger.subject, offerSubject(offerId)));
  const holds = new Map<number, HoldState>();
  for (const row of ledger) {
    const key = parseHoldKey(row.idempotencyKey);
    if (key?.action !== 'create') continue;
    holds.set(key.holdVersion, {
      version: key.holdVersion,
      amount: penceToPounds(row.amountPence),
      status: row.outcome === 'succeeded' ? 'held' : 'placing',
    });
  }
  for (const row of ledger) {
    const key = parseHoldKey(row.idempotencyKey);
    const hold = key ? holds.get(key.holdVersion) : undefined;
    if (!key || !hold) continue;
    if (key.action === 'capture' && row.outcome === 'succeeded') hold.status = 'captured';
    if (key.action === 'release' && hold.status !== 'captured') hold.status = 'released';
  }

  const [agreement] = await db
    .select()
    .from(offerAgreements)
    .where(eq(offerAgreements.offerId, offerId));
  return {
    offerId,
    status: publicStatus(offer.status),
    currentVersion: versions[versions.length - 1].version,
    versions: versions.map((version, index) =>
      toTermVersion(version, index > 0 ? versions[index - 1] : null, nameOf(version.authorId)),
    ),
    holds: [...holds.values()].sort((a, b) => a.version - b.version),
    agreement: agreement
      ? {
          sha256: agreement.sha256,
          createdAt: agreement.createdAt.toISOString(),
          producerSignedAt: agreement.producerSignedAt?.toISOString() ?? null,
          agentSignedAt: agreement.agentSignedAt?.toISOString() ?? null,
          signedSha256: agreement.signedSha256,
          signedAt: agreement.signedAt?.toISOString() ?? null,
        }
      : null,
    timeline: buildOfferTimeline({ offer, versions, ledger, agreement }),
  };
}
