import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '@/server/config';
import { testConfig } from '../../../../tests/helpers/test-app';
import {
  createSelfSignedP12,
  loadSigningCertificate,
  openSigningCertificate,
} from './signing-certificate';

/** A .p12 file on disk with this passphrase. */
function p12File(passphrase: string, commonName = 'PageToScreen Ltd document signing'): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'pts-p12-')), 'signing.p12');
  writeFileSync(file, createSelfSignedP12({ commonName, passphrase }));
  return file;
}

const problemsOf = (env: Record<string, string>): string[] => {
  try {
    testConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
};

describe('[DEALS] the signing certificate in config (SIGNING_CERT_P12)', () => {
  it('uses the configured certificate when it opens with its passphrase', () => {
    const file = p12File('s3cret-passphrase');
    const config = testConfig({
      SIGNING_CERT_P12: file,
      SIGNING_CERT_PASSPHRASE: 's3cret-passphrase',
    });
    expect(config.signingCertificate).toEqual({
      p12Path: file,
      passphrase: 's3cret-passphrase',
    });
    const certificate = loadSigningCertificate(config);
    expect(certificate.commonName).toBe('PageToScreen Ltd document signing');
    expect(certificate.fingerprint).toMatch(/^[0-9a-f]{64}$/);
  });

  it('stops start-up on a missing file, a wrong passphrase, or a passphrase alone', () => {
    expect(problemsOf({ SIGNING_CERT_P12: '/nowhere/signing.p12' })).toEqual([
      'SIGNING_CERT_P12 must be the path of a readable .p12 file',
    ]);
    expect(
      problemsOf({ SIGNING_CERT_P12: p12File('right'), SIGNING_CERT_PASSPHRASE: 'wrong' }),
    ).toEqual([
      'SIGNING_CERT_P12 cannot be opened with SIGNING_CERT_PASSPHRASE (not a PKCS#12 file, or a wrong passphrase)',
    ]);
    const notP12 = path.join(mkdtempSync(path.join(os.tmpdir(), 'pts-p12-')), 'x.p12');
    writeFileSync(notP12, 'not a certificate');
    expect(problemsOf({ SIGNING_CERT_P12: notP12, SIGNING_CERT_PASSPHRASE: 'x' })).toHaveLength(1);
    expect(problemsOf({ SIGNING_CERT_PASSPHRASE: 'alone' })).toEqual([
      'SIGNING_CERT_P12 is required when SIGNING_CERT_PASSPHRASE is set',
    ]);
  });

  it('unset, a self-signed certificate is generated once in DATA_DIR', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pts-data-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      SESSION_SECRET: 'x'.repeat(40),
    });
    expect(config.signingCertificate).toBeUndefined();
    const first = loadSigningCertificate(config);
    expect(first.certificate.issuer).toBe(first.certificate.subject);
    const reopened = openSigningCertificate(first.p12, first.passphrase);
    expect(reopened.fingerprint).toBe(first.fingerprint);
    expect(loadSigningCertificate(config).fingerprint).toBe(first.fingerprint);
  });
});
