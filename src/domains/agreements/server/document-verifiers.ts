import type { Executor } from '@/server/db/client';

/** A document another room sealed and recorded, as /verify-agreement states it. */
export interface VerifiedDocument {
  /** The deal it belongs to: its agreement gives the listing, the parties and the dates. */
  offerId: number;
  /** What it is, in our words: "Option extension notice". */
  title: string;
  issuedAt: Date;
}

/**
 * How /verify-agreement recognises documents sealed by rooms above agreements (issue 34: the
 * options room's notices) without importing them: each registers a verifier when loaded.
 */
export interface DocumentVerifier {
  findBySha256(db: Executor, sha256: string): Promise<VerifiedDocument | null>;
  /** Whether a document of this room was signed with the certificate of this fingerprint. */
  usedCertificate(db: Executor, fingerprint: string): Promise<boolean>;
}

const verifiers: DocumentVerifier[] = [];

export function registerDocumentVerifier(verifier: DocumentVerifier): void {
  if (!verifiers.includes(verifier)) verifiers.push(verifier);
}

export const documentVerifiers = (): readonly DocumentVerifier[] => verifiers;
