import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { users } from '@/domains/accounts/server/accounts.tables';
import { listings } from '@/domains/listings/server/listings.tables';
import type { AppDeps } from '@/server/deps';
import type { AgreementVerification } from '../agreement-verify.schema';
import { offerAgreements, offers } from './offers.tables';

/** What a PDF starts with (its magic bytes). */
const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');

export const isPdf = (bytes: Buffer): boolean =>
  bytes.length >= PDF_MAGIC.length && bytes.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC);

const producers = alias(users, 'producers');
const agents = alias(users, 'agents');

const nameOf = (person: { firstName: string | null; lastName: string | null }) =>
  `${person.firstName ?? ''} ${person.lastName ?? ''}`.trim();

/**
 * Whether these bytes are an option agreement we issued (decision 016): the SHA-256 of the
 * file against offer_agreements. Any change of any byte changes the hash, so a changed copy
 * is 'not issued by us'. Answers the offer, the listing, the parties' names and the dates.
 */
export async function verifyAgreement(
  deps: Pick<AppDeps, 'db'>,
  bytes: Buffer,
): Promise<AgreementVerification> {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const [row] = await deps.db
    .select({
      offerId: offerAgreements.offerId,
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
    .where(eq(offerAgreements.sha256, sha256))
    .limit(1);
  if (!row) return { genuine: false, sha256, agreement: null };
  const agentName =
    row.agentFirstName === null && row.agentLastName === null
      ? null
      : nameOf({ firstName: row.agentFirstName, lastName: row.agentLastName });
  return {
    genuine: true,
    sha256,
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
