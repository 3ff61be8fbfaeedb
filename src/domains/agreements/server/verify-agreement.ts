import { createHash } from 'node:crypto';
import { eq, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { users } from '@/domains/accounts/server/accounts.tables';
import { listings } from '@/domains/listings/server/listings.tables';
import type { AppDeps } from '@/server/deps';
import type { AgreementSignature, AgreementVerification } from '../agreement-verify.schema';
import { offers } from '@/domains/offers/server/offers.tables';
import { offerAgreements } from './agreements.tables';
import { documentVerifiers, type VerifiedDocument } from './document-verifiers';
import { checkPdfSignature } from './pdf-signature';
import { loadSigningCertificate } from './signing-certificate';

/** What a PDF starts with (its magic bytes). */
const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');

export const isPdf = (bytes: Buffer): boolean =>
  bytes.length >= PDF_MAGIC.length && bytes.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC);

const producers = alias(users, 'producers');
const agents = alias(users, 'agents');

const nameOf = (person: { firstName: string | null; lastName: string | null }) =>
  `${person.firstName ?? ''} ${person.lastName ?? ''}`.trim();

/**
 * Whether a certificate is the platform's: the one it signs with now, or one it signed an
 * agreement with before (recorded per agreement, so a rotated certificate still counts).
 */
async function isPlatformCertificate(
  deps: Pick<AppDeps, 'db' | 'config'>,
  fingerprint: string,
): Promise<boolean> {
  if (loadSigningCertificate(deps.config).fingerprint === fingerprint) return true;
  const [used] = await deps.db
    .select({ offerId: offerAgreements.offerId })
    .from(offerAgreements)
    .where(eq(offerAgreements.signerCertSha256, fingerprint))
    .limit(1);
  if (used) return true;
  for (const verifier of documentVerifiers()) {
    if (await verifier.usedCertificate(deps.db, fingerprint)) return true;
  }
  return false;
}

/** The embedded signature's checks, or null when the PDF carries none. */
async function signatureOf(
  deps: Pick<AppDeps, 'db' | 'config'>,
  bytes: Buffer,
): Promise<AgreementSignature | null> {
  const check = checkPdfSignature(bytes);
  if (!check) return null;
  const platformCertificate =
    check.certificateFingerprint !== null &&
    (await isPlatformCertificate(deps, check.certificateFingerprint));
  const checks = {
    byteRange: check.byteRange,
    messageDigest: check.messageDigest,
    signature: check.signature,
    platformCertificate,
  };
  return {
    valid: Object.values(checks).every(Boolean),
    checks,
    signer: check.signer,
    signedAt: check.signedAt?.toISOString() ?? null,
  };
}

/**
 * Whether these bytes are an option agreement we issued (decision 016): the SHA-256 of the
 * file against offer_agreements, the issued agreement's or the signed final one's. Any change
 * of any byte changes the hash, so a changed copy is 'not issued by us'. Answers the offer,
 * the listing, the parties' names and the dates, and, for a PDF that carries a digital
 * signature, which of its checks pass: the hash proves the file is ours, the signature lets
 * anyone check it without asking us.
 */
export async function verifyAgreement(
  deps: Pick<AppDeps, 'db' | 'config'>,
  bytes: Buffer,
): Promise<AgreementVerification> {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const signature = await signatureOf(deps, bytes);
  let [row] = await findAgreement(
    deps,
    or(eq(offerAgreements.sha256, sha256), eq(offerAgreements.signedSha256, sha256)),
  );
  let notice: VerifiedDocument | null = null;
  if (!row) {
    // Not an agreement: perhaps a notice sealed after one (issue 34), by the room that made it.
    for (const verifier of documentVerifiers()) {
      notice = notice ?? (await verifier.findBySha256(deps.db, sha256));
    }
    if (notice) [row] = await findAgreement(deps, eq(offerAgreements.offerId, notice.offerId));
  }
  if (!row)
    return { genuine: false, sha256, document: null, notice: null, signature, agreement: null };
  const agentName =
    row.agentFirstName === null && row.agentLastName === null
      ? null
      : nameOf({ firstName: row.agentFirstName, lastName: row.agentLastName });
  return {
    genuine: true,
    sha256,
    document: notice ? 'notice' : row.sha256 === sha256 ? 'issued' : 'signed',
    notice: notice ? { title: notice.title, issuedAt: notice.issuedAt.toISOString() } : null,
    signature,
    agreement: {
      offerId: row.offerId,
      listingId: row.listingId,
      listingTitle: row.listingTitle,
      producerName: nameOf({ firstName: row.producerFirstName, lastName: row.producerLastName }),
      agentName,
      issuedAt: row.issuedAt.toISOString(),
      producerSignedAt: row.producerSignedAt?.toISOString() ?? null,
      agentSignedAt: row.agentSignedAt?.toISOString() ?? null,
    },
  };
}

/** The agreement with its listing and parties, as /verify-agreement states them. */
function findAgreement(deps: Pick<AppDeps, 'db'>, where: SQL | undefined) {
  return deps.db
    .select({
      offerId: offerAgreements.offerId,
      sha256: offerAgreements.sha256,
      issuedAt: offerAgreements.createdAt,
      producerSignedAt: offerAgreements.producerSignedAt,
      agentSignedAt: offerAgreements.agentSignedAt,
      listingId: offers.listingId,
      listingTitle: listings.title,
      producerFirstName: producers.firstName,
      producerLastName: producers.lastName,
      agentFirstName: agents.firstName,
      agentLastName: agents.lastName,
    })
    .from(offerAgreements)
    .innerJoin(offers, eq(offers.id, offerAgreements.offerId))
    .innerJoin(listings, eq(listings.id, offers.listingId))
    .innerJoin(producers, eq(producers.id, offers.producerId))
    .leftJoin(agents, eq(agents.id, listings.agentId))
    .where(where)
    .limit(1);
}
