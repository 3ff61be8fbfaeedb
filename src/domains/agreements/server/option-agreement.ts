import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, eq, isNull } from 'drizzle-orm';
import { users, type UserRow } from '@/domains/accounts/server/accounts.tables';
import { listings } from '@/domains/listings/server/listings.tables';
import {
  announceDealEvent,
  currentTermsOf,
  getOfferRecord,
  pickTerms,
  recordAgreementIssued,
  requireOffer,
  type OfferRecord,
  type TermValues,
} from '@/domains/offers/server';
import { offers } from '@/domains/offers/server/offers.tables';
import type { AppDeps } from '@/server/deps';
import { conflict, forbidden, notFound } from '@/shared/errors';
import { agreementUrlFor, type SignAgreementBody } from '../agreements.schema';
import { renderAgreementPdf, type AgreementContent } from './agreement-pdf';
import { completeAgreementSafely } from './complete-agreement';
import { offerAgreements, type OfferAgreementRow } from './agreements.tables';

/**
 * What making, signing and serving agreements needs: the database, the Storage port and a
 * log; once both have signed, also the mailer and the config (the signing certificate).
 */
export type AgreementDeps = Pick<AppDeps, 'db' | 'storage' | 'log' | 'mailer' | 'config'>;

const fullName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`.trim();

async function contentOf(deps: AgreementDeps, record: OfferRecord): Promise<AgreementContent> {
  const { offer } = record;
  // The agreed version: the one the acceptance took (the offer's current version), as data.
  const agreed = currentTermsOf(record);
  const [listing] = await deps.db
    .select({ title: listings.title, author: listings.author, medium: listings.medium })
    .from(listings)
    .where(eq(listings.id, offer.listingId));
  const [agent] = record.listing.agentId
    ? await deps.db
        .select({
          firstName: users.firstName,
          lastName: users.lastName,
          companyName: users.companyName,
          email: users.email,
        })
        .from(users)
        .where(eq(users.id, record.listing.agentId))
    : [];
  return {
    offerId: offer.id,
    listingId: offer.listingId,
    termsVersion: agreed.version,
    acceptedAt: offer.decidedAt ?? offer.updatedAt,
    property: listing,
    owner: agent
      ? { name: fullName(agent), agency: agent.companyName, email: agent.email }
      : { name: 'The rights holder', agency: null, email: '-' },
    producer: {
      name: fullName(record.producer),
      company: record.producer.companyName,
      email: record.producer.email,
    },
    // Only the terms: the note sent with the version is a message, never a clause.
    terms: { ...pickTerms(agreed), offerPricePence: capturedFeeOf(offer, agreed) },
  };
}

/**
 * The option fee is what was captured: the accepted offer's hold, in full, which is the
 * agreed version's fee (the acceptance needs a hold for exactly that amount). Were they ever
 * to differ, the agreement is not made: a contract must not state another sum.
 */
function capturedFeeOf(offer: OfferRecord['offer'], agreed: TermValues): number {
  if (offer.offerPricePence !== agreed.offerPricePence) {
    throw new Error(
      `offer ${offer.id}: captured ${offer.offerPricePence} pence but the agreed fee is ${agreed.offerPricePence}`,
    );
  }
  return agreed.offerPricePence;
}

/**
 * Makes the option agreement of an accepted offer (decision 016): the PDF from the final term
 * sheet, stored through the Storage port, its SHA-256 recorded, the offer's signedOptionUrl
 * set. Runs only after the capture committed (the offer is 'accepted'), never inside it, so it
 * cannot undo or repeat a capture; a failure is retried by the offers:agreements job. Safe to
 * run twice: the PDF is reproducible and the row is written once.
 */
export async function generateAgreement(
  deps: AgreementDeps,
  offerId: number,
): Promise<OfferAgreementRow | null> {
  const [existing] = await deps.db
    .select()
    .from(offerAgreements)
    .where(eq(offerAgreements.offerId, offerId));
  if (!existing) {
    const record = await getOfferRecord(deps.db, offerId);
    if (record.offer.status !== 'accepted') return null;
    const content = await contentOf(deps, record);
    const bytes = Buffer.from(await renderAgreementPdf(content));
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const storageKey = `agreements/offer-${offerId}-v${content.termsVersion}-${sha256.slice(0, 16)}.pdf`;
    await deps.storage.put(storageKey, Readable.from([bytes]), 'application/pdf');
    const inserted = await deps.db
      .insert(offerAgreements)
      .values({
        offerId,
        storageKey,
        sha256,
        sizeBytes: bytes.length,
        termsVersion: content.termsVersion,
        offerPricePence: content.terms.offerPricePence,
      })
      .onConflictDoNothing()
      .returning({ offerId: offerAgreements.offerId });
    if (inserted.length > 0) await announceDealEvent(deps, 'agreement_ready', record);
  }
  await recordAgreementIssued(deps.db, offerId, agreementUrlFor(offerId));
  const [row] = await deps.db
    .select()
    .from(offerAgreements)
    .where(eq(offerAgreements.offerId, offerId));
  return row ?? null;
}

/** After an acceptance: make the agreement now if we can; the job retries it otherwise. */
export async function generateAgreementSafely(deps: AgreementDeps, offerId: number): Promise<void> {
  try {
    await generateAgreement(deps, offerId);
  } catch (error) {
    deps.log.warn(
      { err: error, offerId },
      'option agreement not generated yet; the job retries it',
    );
  }
}

/** The offers:agreements job: every accepted offer still without its agreement. */
export async function generateMissingAgreements(deps: AgreementDeps, limit = 50): Promise<number> {
  const missing = await deps.db
    .select({ id: offers.id })
    .from(offers)
    .where(and(eq(offers.status, 'accepted'), isNull(offers.signedOptionUrl)))
    .limit(limit);
  let made = 0;
  for (const { id } of missing) {
    try {
      if (await generateAgreement(deps, id)) made += 1;
    } catch (error) {
      deps.log.warn({ err: error, offerId: id }, 'option agreement generation failed; will retry');
    }
  }
  return made;
}

export interface AgreementFile {
  stream: Readable;
  sha256: string;
  sizeBytes: number;
  fileName: string;
}

async function requireAgreement(deps: AgreementDeps, user: UserRow, offerId: number) {
  const record = await requireOffer(deps.db, user, offerId, 'read');
  if (record.offer.status !== 'accepted') throw notFound('This offer has no option agreement');
  const agreement = await generateAgreement(deps, offerId);
  if (!agreement) throw notFound('This offer has no option agreement');
  return { record, agreement };
}

/**
 * The agreement PDF for its producer, the listing's agent and admins: the signed final
 * document (audit trail, digital signature) once it exists, the issued one before.
 */
export async function getAgreementFile(
  deps: AgreementDeps,
  user: UserRow,
  offerId: number,
): Promise<AgreementFile> {
  const { agreement } = await requireAgreement(deps, user, offerId);
  if (agreement.signedStorageKey && agreement.signedSha256 && agreement.signedSizeBytes) {
    const stream = await deps.storage.get(agreement.signedStorageKey);
    if (!stream) throw notFound('The agreement file is missing');
    return {
      stream,
      sha256: agreement.signedSha256,
      sizeBytes: agreement.signedSizeBytes,
      fileName: `option-agreement-${offerId}-signed.pdf`,
    };
  }
  const stream = await deps.storage.get(agreement.storageKey);
  if (!stream) throw notFound('The agreement file is missing');
  return {
    stream,
    sha256: agreement.sha256,
    sizeBytes: agreement.sizeBytes,
    fileName: `option-agreement-${offerId}.pdf`,
  };
}

/**
 * Click-to-sign: the producer or the listing's agent types their full name and consents; the
 * name, time, address and the document's SHA-256 (which the row holds) are recorded once.
 * The second signature finishes the agreement (sealed, mailed, filed) after it committed; if
 * that fails the signature stands and the offers:agreements job finishes it.
 */
export async function signAgreement(
  deps: AgreementDeps,
  user: UserRow,
  offerId: number,
  body: SignAgreementBody,
  ip: string,
): Promise<OfferAgreementRow> {
  const { record, agreement } = await requireAgreement(deps, user, offerId);
  const now = new Date();
  if (record.offer.producerId === user.id) {
    if (agreement.producerSignedAt) throw conflict('You have already signed this agreement');
    const [row] = await deps.db
      .update(offerAgreements)
      .set({ producerSignedName: body.fullName, producerSignedAt: now, producerSignedIp: ip })
      .where(and(eq(offerAgreements.offerId, offerId), isNull(offerAgreements.producerSignedAt)))
      .returning();
    if (!row) throw conflict('You have already signed this agreement');
    return finishIfBothSigned(deps, row, record, 'agent');
  }
  if (record.listing.agentId === user.id) {
    if (agreement.agentSignedAt) throw conflict('You have already signed this agreement');
    const [row] = await deps.db
      .update(offerAgreements)
      .set({ agentSignedName: body.fullName, agentSignedAt: now, agentSignedIp: ip })
      .where(and(eq(offerAgreements.offerId, offerId), isNull(offerAgreements.agentSignedAt)))
      .returning();
    if (!row) throw conflict('You have already signed this agreement');
    return finishIfBothSigned(deps, row, record, 'producer');
  }
  throw forbidden('Only the producer and the listing’s agent sign the agreement');
}

async function finishIfBothSigned(
  deps: AgreementDeps,
  row: OfferAgreementRow,
  record: OfferRecord,
  other: 'producer' | 'agent',
): Promise<OfferAgreementRow> {
  if (!row.producerSignedAt || !row.agentSignedAt) {
    // The first signature: the other party is asked to sign (the second seals it instead).
    await announceDealEvent(deps, 'signed_by_other', record, { only: other });
    return row;
  }
  await completeAgreementSafely(deps, row.offerId);
  return row;
}
