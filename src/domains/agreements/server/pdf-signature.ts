import { X509Certificate, createHash, verify as verifySignature } from 'node:crypto';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { P12Signer } from '@signpdf/signer-p12';
import { SignPdf } from '@signpdf/signpdf';
import forge from 'node-forge';
import type { PDFDocument } from 'pdf-lib';
import { commonNameOf, fingerprintOf, type SigningCertificate } from './signing-certificate';

/**
 * Room for the PKCS#7 in /Contents: our RSA-2048 signature with its one certificate is about
 * 1.5 KB; 8 KB leaves room for a certificate chain from a real authority.
 */
const SIGNATURE_PLACEHOLDER_BYTES = 8192;

/**
 * Adds the signature dictionary (a /ByteRange placeholder and an empty /Contents) to a
 * pdf-lib document, on its last page. Its /M date is the signing time we pass on, so the same
 * document signed at the same time gives the same bytes.
 */
export function addSignaturePlaceholder(
  pdf: PDFDocument,
  options: {
    signingTime: Date;
    signerName: string;
    location: string;
    contact: string;
    /** Why it is signed; the agreement's reason unless another document says its own. */
    reason?: string;
  },
): void {
  const pages = pdf.getPages();
  pdflibAddPlaceholder({
    pdfDoc: pdf,
    pdfPage: pages[pages.length - 1],
    reason: options.reason ?? 'Option agreement signed by both parties on PageToScreen',
    contactInfo: options.contact,
    name: options.signerName,
    location: options.location,
    signingTime: options.signingTime,
    signatureLength: SIGNATURE_PLACEHOLDER_BYTES,
  });
}

/**
 * Signs a PDF that carries a placeholder: a detached PKCS#7 (adbe.pkcs7.detached, SHA-256)
 * over its byte ranges, made by @signpdf with the certificate's key. RSA PKCS#1 v1.5 is
 * deterministic, so with the same signing time the same input gives the same signed bytes.
 */
export async function signPdf(
  withPlaceholder: Buffer,
  certificate: Pick<SigningCertificate, 'p12' | 'passphrase'>,
  signingTime: Date,
): Promise<Buffer> {
  const signer = new P12Signer(certificate.p12, { passphrase: certificate.passphrase });
  return new SignPdf().sign(withPlaceholder, signer, signingTime);
}

/** What checking a PDF's embedded signature found; every check is reported on its own. */
export interface PdfSignatureCheck {
  /** The /ByteRange starts at 0, ends at the file's end and leaves out only /Contents. */
  byteRange: boolean;
  /** The PKCS#7 messageDigest equals the SHA-256 of the signed byte ranges. */
  messageDigest: boolean;
  /** The RSA signature over the authenticated attributes verifies with the certificate. */
  signature: boolean;
  /** The signing certificate's SHA-256 fingerprint (lowercase hex), when one was found. */
  certificateFingerprint: string | null;
  /** Its subject's common name. */
  signer: string | null;
  /** The signingTime attribute. */
  signedAt: Date | null;
}

const OID_DATA_SIGNED = forge.pki.oids.signedData;
const OID_SHA256 = forge.pki.oids.sha256;
const OID_MESSAGE_DIGEST = forge.pki.oids.messageDigest;
const OID_SIGNING_TIME = forge.pki.oids.signingTime;
const OID_RSA = forge.pki.oids.rsaEncryption;
const OID_SHA256_WITH_RSA = forge.pki.oids.sha256WithRSAEncryption;

interface ByteRangeFound {
  ranges: [number, number, number, number];
  /** The hex between /Contents' angle brackets. */
  contentsHex: string;
  coversFile: boolean;
}

/**
 * The last signature's /ByteRange in the file (an incremental update may add signatures; the
 * last one is the one that covers the whole file) and the /Contents it leaves out.
 */
function findByteRange(pdf: Buffer): ByteRangeFound | null {
  const text = pdf.toString('latin1');
  const matches = [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)];
  const last = matches[matches.length - 1];
  if (!last) return null;
  const ranges = last.slice(1, 5).map(Number) as [number, number, number, number];
  const [start, firstLength, secondStart, secondLength] = ranges;
  const gapStart = start + firstLength;
  // The gap must be exactly `<hex>`: what signing left out is the signature, and nothing else.
  const gap = text.slice(gapStart, secondStart);
  const hexMatch = /^<([0-9a-fA-F]*)>$/.exec(gap);
  const coversFile =
    start === 0 &&
    secondStart > gapStart &&
    secondStart + secondLength === pdf.length &&
    hexMatch !== null;
  return { ranges, contentsHex: hexMatch?.[1] ?? '', coversFile };
}

/** The DER of one ASN.1 value from its header: the bytes after it must all be zero padding. */
function derWithoutPadding(bytes: Buffer): Buffer | null {
  if (bytes.length < 2 || bytes[0] !== 0x30) return null;
  let length = bytes[1];
  let header = 2;
  if (length & 0x80) {
    const count = length & 0x7f;
    if (count === 0 || count > 4 || bytes.length < 2 + count) return null;
    length = 0;
    for (let i = 0; i < count; i += 1) length = length * 256 + bytes[2 + i];
    header = 2 + count;
  }
  const end = header + length;
  if (end > bytes.length) return null;
  if (bytes.subarray(end).some((byte) => byte !== 0)) return null;
  return bytes.subarray(0, end);
}

const oidOf = (node: forge.asn1.Asn1 | undefined): string | null =>
  node && node.type === forge.asn1.Type.OID && typeof node.value === 'string'
    ? forge.asn1.derToOid(node.value)
    : null;

const childrenOf = (node: forge.asn1.Asn1 | undefined): forge.asn1.Asn1[] =>
  node && Array.isArray(node.value) ? node.value : [];

const bytesOf = (node: forge.asn1.Asn1 | undefined): Buffer | null =>
  node && typeof node.value === 'string' ? Buffer.from(node.value, 'binary') : null;

const toDer = (node: forge.asn1.Asn1): Buffer =>
  Buffer.from(forge.asn1.toDer(node).getBytes(), 'binary');

/**
 * Checks the embedded digital signature of a PDF (decision 016), without trusting any of it:
 * parses the /ByteRange, hashes the signed ranges and compares that with the PKCS#7's
 * messageDigest, verifies the RSA signature over the authenticated attributes (DER-encoded as
 * a SET, as RFC 5652 signs them) with the certificate the signature carries. Whose certificate
 * it is, is the caller's question. Null when the PDF carries no signature at all.
 */
export function checkPdfSignature(pdf: Buffer): PdfSignatureCheck | null {
  const found = findByteRange(pdf);
  if (!found) return null;
  const failed: PdfSignatureCheck = {
    byteRange: found.coversFile,
    messageDigest: false,
    signature: false,
    certificateFingerprint: null,
    signer: null,
    signedAt: null,
  };
  const der = derWithoutPadding(Buffer.from(found.contentsHex, 'hex'));
  if (!der) return failed;
  try {
    const contentInfo = forge.asn1.fromDer(der.toString('binary'), true);
    const [typeNode, explicitContent] = childrenOf(contentInfo);
    if (oidOf(typeNode) !== OID_DATA_SIGNED) return failed;
    const signedData = childrenOf(explicitContent)[0];
    const parts = childrenOf(signedData);
    const certificates = parts.find(
      (part) => part.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC && part.type === 0,
    );
    const signerInfos = parts[parts.length - 1];
    const signerInfo = childrenOf(signerInfos)[0];
    const fields = childrenOf(signerInfo);
    // SignerInfo: version, issuerAndSerialNumber, digestAlgorithm, [0] authenticated
    // attributes, digestEncryptionAlgorithm, encryptedDigest.
    const [, issuerAndSerial, digestAlgorithm, attributes, encryptionAlgorithm, encryptedDigest] =
      fields;
    if (
      oidOf(childrenOf(digestAlgorithm)[0]) !== OID_SHA256 ||
      attributes?.tagClass !== forge.asn1.Class.CONTEXT_SPECIFIC ||
      attributes.type !== 0
    ) {
      return failed;
    }
    const serial = bytesOf(childrenOf(issuerAndSerial)[1]);
    const signerCertificate = childrenOf(certificates)
      .map((node) => new X509Certificate(toDer(node)))
      .find(
        (certificate) =>
          serial !== null &&
          BigInt(`0x${certificate.serialNumber}`) === BigInt(`0x${serial.toString('hex')}`),
      );

    let messageDigest: Buffer | null = null;
    let signedAt: Date | null = null;
    for (const attribute of childrenOf(attributes)) {
      const [oid, values] = childrenOf(attribute);
      const value = childrenOf(values)[0];
      if (oidOf(oid) === OID_MESSAGE_DIGEST) messageDigest = bytesOf(value);
      if (oidOf(oid) === OID_SIGNING_TIME && typeof value?.value === 'string') {
        signedAt =
          value.type === forge.asn1.Type.UTCTIME
            ? forge.asn1.utcTimeToDate(value.value)
            : forge.asn1.generalizedTimeToDate(value.value);
      }
    }
    const [first, firstLength, second, secondLength] = found.ranges;
    const digest = createHash('sha256')
      .update(pdf.subarray(first, first + firstLength))
      .update(pdf.subarray(second, second + secondLength))
      .digest();

    // What the signer signed: the attributes as a SET OF (tag 0x31), not the [0] IMPLICIT tag
    // they are stored under.
    const signedAttributes = toDer(
      forge.asn1.create(
        forge.asn1.Class.UNIVERSAL,
        forge.asn1.Type.SET,
        true,
        childrenOf(attributes),
      ),
    );
    const signatureBytes = bytesOf(encryptedDigest);
    const algorithm = oidOf(childrenOf(encryptionAlgorithm)[0]);
    const signatureValid =
      signerCertificate !== undefined &&
      signatureBytes !== null &&
      (algorithm === OID_RSA || algorithm === OID_SHA256_WITH_RSA) &&
      verifySignature('sha256', signedAttributes, signerCertificate.publicKey, signatureBytes);
    return {
      byteRange: found.coversFile,
      messageDigest: messageDigest !== null && messageDigest.equals(digest),
      signature: signatureValid,
      certificateFingerprint: signerCertificate ? fingerprintOf(signerCertificate) : null,
      signer: signerCertificate ? commonNameOf(signerCertificate) : null,
      signedAt,
    };
  } catch {
    // Not DER, not PKCS#7, a certificate Node cannot read: a signature that does not check.
    return failed;
  }
}
