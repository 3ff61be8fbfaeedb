import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { offers } from '@/domains/offers/server/offers.tables';

/**
 * The option agreement of an accepted offer: the PDF (Storage port), its SHA-256, the term
 * sheet version it was made from, and each party's click-to-sign (name, time, address). Once
 * both have signed, the final PDF (the agreement, its audit-trail page and the platform's
 * digital signature) is recorded beside it, written once; then mailed and filed in the
 * listing's chain of title, each step stamped so the offers:agreements job finishes the rest.
 */
export const offerAgreements = pgTable(
  'offer_agreements',
  {
    offerId: integer('offer_id')
      .primaryKey()
      .references(() => offers.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    sha256: text('sha256').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    termsVersion: integer('terms_version').notNull(),
    /** The offer price (option fee) it states, as captured; the SQL column keeps its name. */
    offerPricePence: integer('option_fee_pence').notNull(),
    producerSignedName: text('producer_signed_name'),
    producerSignedAt: timestamp('producer_signed_at', { withTimezone: true }),
    producerSignedIp: text('producer_signed_ip'),
    agentSignedName: text('agent_signed_name'),
    agentSignedAt: timestamp('agent_signed_at', { withTimezone: true }),
    agentSignedIp: text('agent_signed_ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The digitally signed final PDF: where it is stored, its SHA-256 and size. */
    signedStorageKey: text('signed_storage_key'),
    signedSha256: text('signed_sha256'),
    signedSizeBytes: integer('signed_size_bytes'),
    /** The signing time the PDF's signature carries (when the second party signed). */
    signedAt: timestamp('signed_at', { withTimezone: true }),
    /** The SHA-256 fingerprint of the certificate that signed it (survives a rotation). */
    signerCertSha256: text('signer_cert_sha256'),
    /** When the signed PDF was mailed to both parties (claimed before sending: once). */
    signedMailedAt: timestamp('signed_mailed_at', { withTimezone: true }),
    /** The chain-of-title document it was filed as (that room's id; no cross-room key). */
    chainDocumentId: integer('chain_document_id'),
    chainFiledAt: timestamp('chain_filed_at', { withTimezone: true }),
  },
  (t) => [
    // /verify-agreement looks a file up by either hash.
    index('offer_agreements_sha256_idx').on(t.sha256),
    index('offer_agreements_signed_sha256_idx').on(t.signedSha256),
  ],
);
export type OfferAgreementRow = typeof offerAgreements.$inferSelect;
