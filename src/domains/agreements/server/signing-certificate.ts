import { X509Certificate, generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import forge from 'node-forge';
import type { Config } from '@/server/config';

/** The platform's signing certificate, opened: what signs agreements and what verifies them. */
export interface SigningCertificate {
  /** The PKCS#12 file and its passphrase, as @signpdf/signer-p12 takes them. */
  p12: Buffer;
  passphrase: string;
  /** The certificate (DER) and its SHA-256 fingerprint (lowercase hex, no colons). */
  certificate: X509Certificate;
  fingerprint: string;
  /** Its subject's common name: who the signature names. */
  commonName: string;
}

/** Where the generated self-signed certificate lives, beside the session secret. */
const SELF_SIGNED_P12 = 'signing-certificate.p12';
const SELF_SIGNED_PASSPHRASE = 'signing-certificate.passphrase';

export const SELF_SIGNED_COMMON_NAME = 'PageToScreen option agreements (self-signed)';

/** lowercase hex without colons: how fingerprints are compared and recorded. */
export const fingerprintOf = (certificate: X509Certificate): string =>
  certificate.fingerprint256.replaceAll(':', '').toLowerCase();

/** The common name of a certificate's subject ("CN=..." line of X509Certificate.subject). */
export const commonNameOf = (certificate: X509Certificate): string =>
  certificate.subject
    .split('\n')
    .find((line) => line.startsWith('CN='))
    ?.slice(3) ?? certificate.subject;

/**
 * A self-signed RSA-2048 certificate with its key in a passphrase-protected PKCS#12. The key is
 * made by Node (native, fast); node-forge builds the certificate and the PKCS#12, which it is
 * the one library here to write. Also used by tests for 'a certificate that is not ours'.
 */
export function createSelfSignedP12(options: {
  commonName: string;
  passphrase: string;
  validYears?: number;
}): Buffer {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(
    privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
  );
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  // A positive serial (its top bit clear), random so two generated certificates never share one.
  certificate.serialNumber = `01${randomBytes(15).toString('hex')}`;
  const now = new Date();
  certificate.validity.notBefore = new Date(now.getTime() - 60 * 60 * 1000);
  certificate.validity.notAfter = new Date(now);
  certificate.validity.notAfter.setFullYear(now.getFullYear() + (options.validYears ?? 10));
  const subject = [
    { name: 'commonName', value: options.commonName },
    { name: 'organizationName', value: 'PageToScreen' },
    { name: 'countryName', value: 'GB' },
  ];
  certificate.setSubject(subject);
  certificate.setIssuer(subject);
  certificate.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  certificate.sign(key, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(key, [certificate], options.passphrase, {
    algorithm: '3des',
    friendlyName: options.commonName,
  });
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary');
}

/** Opens a PKCS#12 and finds the certificate that goes with its private key. */
export function openSigningCertificate(p12: Buffer, passphrase: string): SigningCertificate {
  const parsed = forge.pkcs12.pkcs12FromAsn1(
    forge.asn1.fromDer(p12.toString('binary')),
    false,
    passphrase,
  );
  const keyBags =
    parsed.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[
      forge.pki.oids.pkcs8ShroudedKeyBag
    ] ?? [];
  const certBags =
    parsed.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? [];
  const key = keyBags[0]?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!key) throw new Error('The signing certificate file holds no private key');
  const match = certBags.find((bag) => {
    const publicKey = bag.cert?.publicKey as forge.pki.rsa.PublicKey | undefined;
    return publicKey !== undefined && publicKey.n.equals(key.n) && publicKey.e.equals(key.e);
  })?.cert;
  if (!match) throw new Error('The signing certificate file holds no certificate for its key');
  const der = Buffer.from(
    forge.asn1.toDer(forge.pki.certificateToAsn1(match)).getBytes(),
    'binary',
  );
  const certificate = new X509Certificate(der);
  return {
    p12,
    passphrase,
    certificate,
    fingerprint: fingerprintOf(certificate),
    commonName: commonNameOf(certificate),
  };
}

/**
 * The self-signed certificate in DATA_DIR, made on first use and kept (as the session secret
 * is), so every agreement this instance signs names the same certificate. The passphrase is
 * written first and each file lands by rename, so a crash never leaves a half-written file; a
 * passphrase without its certificate is simply made again.
 */
function loadOrCreateSelfSigned(dataDir: string): { p12: Buffer; passphrase: string } {
  const p12File = path.join(dataDir, SELF_SIGNED_P12);
  const passphraseFile = path.join(dataDir, SELF_SIGNED_PASSPHRASE);
  if (existsSync(p12File) && existsSync(passphraseFile)) {
    return { p12: readFileSync(p12File), passphrase: readFileSync(passphraseFile, 'utf8').trim() };
  }
  mkdirSync(dataDir, { recursive: true });
  const passphrase = randomBytes(24).toString('base64url');
  const p12 = createSelfSignedP12({ commonName: SELF_SIGNED_COMMON_NAME, passphrase });
  const land = (file: string, content: string | Buffer) => {
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, content, { mode: 0o600 });
    renameSync(temporary, file);
  };
  land(passphraseFile, passphrase);
  land(p12File, p12);
  return { p12, passphrase };
}

const opened = new Map<string, SigningCertificate>();

/**
 * The platform's signing certificate: SIGNING_CERT_P12 when configured (checked at boot by
 * config.ts), otherwise the self-signed one in DATA_DIR. Opened once per process: opening a
 * PKCS#12 derives its keys, which takes a few milliseconds we need not spend per signature.
 */
export function loadSigningCertificate(
  config: Pick<Config, 'signingCertificate' | 'dataDir'>,
): SigningCertificate {
  const source = config.signingCertificate?.p12Path ?? path.join(config.dataDir, SELF_SIGNED_P12);
  const cached = opened.get(source);
  if (cached) return cached;
  const { p12, passphrase } = config.signingCertificate
    ? {
        p12: readFileSync(config.signingCertificate.p12Path),
        passphrase: config.signingCertificate.passphrase,
      }
    : loadOrCreateSelfSigned(config.dataDir);
  const certificate = openSigningCertificate(p12, passphrase);
  opened.set(source, certificate);
  return certificate;
}
