import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { PDFArray, PDFDocument, PDFRawStream, decodePDFRawStream, type PDFPage } from 'pdf-lib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import { fileChainDocument } from '@/domains/chain-of-title/server';
import { chainOfTitleDocuments } from '@/domains/chain-of-title/server/chain-of-title.tables';
import { mailOutbox } from '@/server/mail/mail.tables';
import { insertListing } from '../../../../tests/helpers/fixtures/listings';
import {
  multipartBody,
  nextClientAddress,
  offerKit,
  type OfferKit,
} from '../../../../tests/helpers/fixtures/offers';
import { createTestApp, createUser, type TestApp } from '../../../../tests/helpers/test-app';
import type { AgreementVerification } from '../agreement-verify.schema';
import { CONSENT_TEXT } from './agreement-audit-page';
import { completeUnfinishedAgreements } from './complete-agreement';
import { fileSignedAgreement } from './file-signed-agreement';
import { mailSignedAgreement } from './mail-signed-agreement';
import { offerAgreements } from './agreements.tables';
import { addSignaturePlaceholder, signPdf } from './pdf-signature';
import { readStoredFile, sealAgreement } from './seal-agreement';
import {
  createSelfSignedP12,
  loadSigningCertificate,
  openSigningCertificate,
} from './signing-certificate';

let t: TestApp;
let kit: OfferKit;
let agent: UserRow;
let producer: UserRow;

beforeAll(async () => {
  t = await createTestApp();
  kit = offerKit(t, { offerPrice: '40000', optionPeriod: 18 });
  agent = await createUser(t.db, { role: 'agent', firstName: 'Avery', lastName: 'Agent' });
  producer = await createUser(t.db, { role: 'producer', firstName: 'Priya', lastName: 'Producer' });
  await kit.signIn(agent, producer);
}, 120_000);

afterEach(() => {
  vi.restoreAllMocks();
});

afterAll(async () => {
  await t.close();
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** An accepted offer with its issued agreement, on a listing of its own. */
async function acceptedOffer(): Promise<{ offerId: number; listingId: number }> {
  const listing = await insertListing(t.db, { agentId: agent.id, title: 'The Salt Road' });
  const offer = await kit.pendingOffer(producer, listing.id);
  expect((await kit.decide(agent, offer.id, 'accept')).statusCode).toBe(200);
  return { offerId: offer.id, listingId: listing.id };
}

const sign = (who: UserRow, offerId: number, fullName = `${who.firstName} ${who.lastName}`) =>
  t.request({
    method: 'POST',
    url: `/api/offers/${offerId}/agreement/sign`,
    cookie: kit.cookie(who),
    payload: { fullName, consent: true },
    remoteAddress: who.id === producer.id ? '203.0.113.7' : '198.51.100.23',
  });

const download = (who: UserRow, offerId: number) =>
  t.request({ method: 'GET', url: `/api/offers/${offerId}/agreement`, cookie: kit.cookie(who) });

const agreementRow = async (offerId: number) => {
  const [row] = await t.db
    .select()
    .from(offerAgreements)
    .where(eq(offerAgreements.offerId, offerId));
  return row;
};

const verify = (content: Buffer) => {
  const { payload, headers } = multipartBody('agreement.pdf', content, {
    contentType: 'application/pdf',
  });
  return t.request({
    method: 'POST',
    url: '/api/agreements/verify',
    payload,
    headers,
    remoteAddress: nextClientAddress(),
  });
};

/** The text drawn on a page: pdf-lib writes each line as a hex string shown with Tj. */
function pageText(page: PDFPage): string {
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
  const lines: string[] = [];
  for (const ref of streams) {
    const stream = page.doc.context.lookup(ref);
    if (!(stream instanceof PDFRawStream)) continue;
    const operators = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
    for (const match of operators.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
      lines.push(Buffer.from(match[1], 'hex').toString('latin1'));
    }
  }
  return lines.join('\n');
}

/** Both parties sign through the API; answers the signed final PDF 'View Contract' serves. */
async function signedAgreement() {
  const { offerId, listingId } = await acceptedOffer();
  const issued = (await download(producer, offerId)).rawPayload;
  expect((await sign(producer, offerId)).statusCode).toBe(200);
  expect((await sign(agent, offerId)).statusCode).toBe(200);
  const served = await download(producer, offerId);
  expect(served.statusCode).toBe(200);
  return { offerId, listingId, issued, signed: served.rawPayload, served };
}

describe('[DEALS] the signed agreement: audit trail and digital signature', () => {
  it('is made once both have signed, served as the contract, with the audit trail as its last page', async () => {
    const { offerId } = await acceptedOffer();
    const issued = (await download(producer, offerId)).rawPayload;
    expect((await sign(producer, offerId)).statusCode).toBe(200);
    // One signature is not enough: still the issued agreement, no signature.
    expect((await agreementRow(offerId)).signedSha256).toBeNull();
    expect((await download(agent, offerId)).rawPayload.equals(issued)).toBe(true);

    expect((await sign(agent, offerId)).statusCode).toBe(200);
    const row = await agreementRow(offerId);
    expect(row.signedSha256).toMatch(/^[0-9a-f]{64}$/);
    // The second signature's time, to the second (as the signature's signingTime says it).
    const second = Math.max(row.producerSignedAt!.getTime(), row.agentSignedAt!.getTime());
    expect(row.signedAt).toEqual(new Date(Math.floor(second / 1000) * 1000));
    expect(row.signerCertSha256).toBe(loadSigningCertificate(t.config).fingerprint);

    for (const who of [producer, agent]) {
      const served = await download(who, offerId);
      expect(served.statusCode).toBe(200);
      expect(served.headers['x-content-sha256']).toBe(row.signedSha256);
      expect(served.headers['content-disposition']).toContain(
        `option-agreement-${offerId}-signed.pdf`,
      );
      expect(sha256(served.rawPayload)).toBe(row.signedSha256);
      expect(served.rawPayload.toString('latin1')).toMatch(/\/ByteRange \[0 \d+ \d+ \d+ *\]/);
    }
    const signed = (await download(producer, offerId)).rawPayload;
    const original = await PDFDocument.load(issued);
    const final = await PDFDocument.load(signed);
    expect(final.getPageCount()).toBe(original.getPageCount() + 1);
    // The agreement's own pages say what they said.
    expect(pageText(final.getPage(0))).toBe(pageText(original.getPage(0)));

    const audit = pageText(final.getPage(final.getPageCount() - 1));
    expect(audit).toContain('AUDIT TRAIL');
    expect(audit).toContain(row.sha256);
    expect(audit).toContain('Typed full name: Priya Producer');
    expect(audit).toContain('Typed full name: Avery Agent');
    expect(audit).toContain(`Explicit consent: yes - confirmed "${CONSENT_TEXT}"`);
    expect(audit).toContain('Network address (IP): 203.0.113.7');
    expect(audit).toContain('Network address (IP): 198.51.100.23');
    const ukTime = row.producerSignedAt!.toLocaleString('en-GB', {
      timeZone: 'Europe/London',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    expect(audit).toContain(ukTime);
    expect(audit).toMatch(/Signed at \(UK time\): .* (GMT|BST)/);
  });

  it('verify accepts the signed file and its signature, and refuses it after one changed byte', async () => {
    const { offerId, issued, signed } = await signedAgreement();
    const answer = (await verify(signed)).json<AgreementVerification>();
    expect(answer).toMatchObject({
      genuine: true,
      document: 'signed',
      sha256: sha256(signed),
      signature: {
        valid: true,
        checks: {
          byteRange: true,
          messageDigest: true,
          signature: true,
          platformCertificate: true,
        },
        signer: loadSigningCertificate(t.config).commonName,
        signedAt: (await agreementRow(offerId)).signedAt!.toISOString(),
      },
      agreement: { offerId, producerName: 'Priya Producer', agentName: 'Avery Agent' },
    });

    // The issued agreement still verifies as issued, without a signature.
    expect((await verify(issued)).json<AgreementVerification>()).toMatchObject({
      genuine: true,
      document: 'issued',
      signature: null,
    });

    // One byte changed inside the signed ranges: not ours, and the digest no longer matches.
    const changed = Buffer.from(signed);
    const at = Math.floor(changed.indexOf('/ByteRange') / 2);
    changed[at] ^= 0x01;
    const forged = (await verify(changed)).json<AgreementVerification>();
    expect(forged.genuine).toBe(false);
    expect(forged.agreement).toBeNull();
    expect(forged.signature).toMatchObject({
      valid: false,
      checks: { messageDigest: false, platformCertificate: true },
    });

    // One byte of the signature itself changed (inside /Contents): not ours, signature broken.
    const contents = signed.indexOf('/Contents <') + '/Contents <'.length + 600;
    const brokenSignature = Buffer.from(signed);
    brokenSignature[contents] = brokenSignature[contents] === 0x30 ? 0x31 : 0x30;
    const broken = (await verify(brokenSignature)).json<AgreementVerification>();
    expect(broken.genuine).toBe(false);
    expect(broken.signature?.valid).toBe(false);
  });

  it('verify refuses a PDF signed with a certificate that is not the platform’s', async () => {
    const { issued } = await signedAgreement();
    const pdf = await PDFDocument.load(issued, { updateMetadata: false });
    const at = new Date();
    addSignaturePlaceholder(pdf, {
      signingTime: at,
      signerName: 'Somebody Else',
      location: 'Elsewhere',
      contact: 'nobody@example.test',
    });
    const stranger = createSelfSignedP12({ commonName: 'Somebody Else', passphrase: 'other' });
    const forged = await signPdf(
      Buffer.from(await pdf.save({ useObjectStreams: false })),
      { p12: stranger, passphrase: 'other' },
      at,
    );
    const answer = (await verify(forged)).json<AgreementVerification>();
    expect(answer.genuine).toBe(false);
    // Mathematically a fine signature, by the wrong certificate.
    expect(answer.signature).toMatchObject({
      valid: false,
      signer: 'Somebody Else',
      checks: { byteRange: true, messageDigest: true, signature: true, platformCertificate: false },
    });
  });

  it.skipIf(!existsSync('/usr/bin/pdfsig'))(
    'pdfsig (poppler) reports the signature valid',
    async () => {
      const { signed } = await signedAgreement();
      const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'pts-pdfsig-')), 'signed.pdf');
      writeFileSync(file, signed);
      // pdfsig exits non-zero when the certificate is not trusted (ours is self-signed here).
      let report: string;
      try {
        report = execFileSync('/usr/bin/pdfsig', [file], { encoding: 'utf8' });
      } catch (error) {
        report = String((error as { stdout?: string }).stdout ?? '');
      }
      expect(report).toContain('Signature Validation: Signature is Valid.');
      expect(report).toContain('Total document signed');
      expect(report).toContain('Signing Hash Algorithm: SHA-256');
    },
  );

  it('emails both parties the signed PDF as an attachment, once', async () => {
    const { offerId, signed } = await signedAgreement();
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, 'Your signed option agreement for The Salt Road'));
    const toThisOffer = mails.filter((mail) =>
      mail.attachments?.some((file) => file.filename === `option-agreement-${offerId}-signed.pdf`),
    );
    expect(toThisOffer.map((mail) => mail.to).sort()).toEqual([agent.email, producer.email].sort());
    for (const mail of toThisOffer) {
      expect(mail.attachments).toEqual([
        {
          filename: `option-agreement-${offerId}-signed.pdf`,
          contentType: 'application/pdf',
          sizeBytes: signed.length,
          sha256: sha256(signed),
        },
      ]);
      expect(mail.text).toContain(sha256(signed));
    }
    // Asking again sends nothing more.
    expect(await mailSignedAgreement(t.app, offerId)).toBe(false);
    expect(await completeUnfinishedAgreements(t.app)).toBe(0);
    const again = await t.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, 'Your signed option agreement for The Salt Road'));
    expect(again).toHaveLength(mails.length);
  });

  it('files the signed agreement in the listing’s chain of title, once', async () => {
    const { offerId, listingId, signed } = await signedAgreement();
    const filed = await t.db
      .select()
      .from(chainOfTitleDocuments)
      .where(eq(chainOfTitleDocuments.listingId, listingId));
    expect(filed).toHaveLength(1);
    expect(filed[0]).toMatchObject({
      documentType: 'option_agreement',
      sourceKey: `offer-agreement:${offerId}`,
      parties: ['Avery Agent', 'Priya Producer'],
      uploadedBy: null,
      sizeBytes: signed.length,
    });
    expect(filed[0].expiryDate! > filed[0].effectiveDate!).toBe(true);
    expect((await agreementRow(offerId)).chainDocumentId).toBe(filed[0].id);
    // The chain room keeps its own copy: the listing's agent downloads the same bytes there.
    const copy = await t.request({
      method: 'GET',
      url: `/api/chain-of-title/documents/${filed[0].id}/file`,
      cookie: kit.cookie(agent),
    });
    expect(copy.statusCode).toBe(200);
    expect(copy.rawPayload.equals(signed)).toBe(true);

    // Filing again files nothing more, through either door.
    expect(await fileSignedAgreement(t.app, offerId)).toBe(false);
    const direct = await fileChainDocument(t.app, {
      listingId,
      sourceKey: `offer-agreement:${offerId}`,
      originalName: 'again.pdf',
      pdf: signed,
      fields: {
        documentType: 'option_agreement',
        title: 'Again',
        parties: 'Someone',
        effectiveDate: '2026-01-01',
      },
    });
    expect(direct.id).toBe(filed[0].id);
    const after = await t.db
      .select({ id: chainOfTitleDocuments.id })
      .from(chainOfTitleDocuments)
      .where(eq(chainOfTitleDocuments.listingId, listingId));
    expect(after).toHaveLength(1);
  });

  it('the chain-of-title filing validates what it is given', async () => {
    const { listingId } = await acceptedOffer();
    const base = {
      listingId,
      sourceKey: 'offer-agreement:999999',
      originalName: 'x.pdf',
      pdf: Buffer.from('%PDF-1.7\n%%EOF\n'),
      fields: {
        documentType: 'option_agreement' as const,
        title: 'Option',
        parties: 'A',
        effectiveDate: '2026-01-01',
      },
    };
    await expect(
      fileChainDocument(t.app, { ...base, pdf: Buffer.from('PK') }),
    ).rejects.toMatchObject({ code: 'VALIDATION' });
    await expect(
      fileChainDocument(t.app, { ...base, fields: { ...base.fields, effectiveDate: 'soon' } }),
    ).rejects.toMatchObject({ code: 'VALIDATION' });
    await expect(
      fileChainDocument(t.app, { ...base, sourceKey: '../../etc' }),
    ).rejects.toMatchObject({ code: 'VALIDATION' });
    await expect(fileChainDocument(t.app, { ...base, listingId: 987654321 })).rejects.toMatchObject(
      { code: 'NOT_FOUND' },
    );
  });

  it('sealing fails after the second signature: the signature stands, the job finishes it later', async () => {
    const { offerId, listingId } = await acceptedOffer();
    const issued = (await download(producer, offerId)).rawPayload;
    expect((await sign(producer, offerId)).statusCode).toBe(200);
    const put = t.app.storage.put.bind(t.app.storage);
    vi.spyOn(t.app.storage, 'put').mockImplementation((key, body, type) =>
      key.includes('-signed-') ? Promise.reject(new Error('disk full')) : put(key, body, type),
    );
    const second = await sign(agent, offerId);
    expect(second.statusCode).toBe(200);
    expect(second.json().agentSignedAt).toBeTruthy();
    expect((await agreementRow(offerId)).signedSha256).toBeNull();
    // Until then 'View Contract' serves the issued agreement.
    expect((await download(producer, offerId)).rawPayload.equals(issued)).toBe(true);
    expect(await completeUnfinishedAgreements(t.app)).toBe(0);

    vi.restoreAllMocks();
    expect(await completeUnfinishedAgreements(t.app)).toBe(1);
    const row = await agreementRow(offerId);
    expect(row.signedSha256).toBeTruthy();
    expect(row.signedMailedAt).toBeTruthy();
    expect(row.chainFiledAt).toBeTruthy();
    expect(sha256((await download(producer, offerId)).rawPayload)).toBe(row.signedSha256);
    expect(await completeUnfinishedAgreements(t.app)).toBe(0);
    const filed = await t.db
      .select()
      .from(chainOfTitleDocuments)
      .where(eq(chainOfTitleDocuments.listingId, listingId));
    expect(filed).toHaveLength(1);
  });

  it('filing fails after sealing and mailing: the job files it, and mails nothing twice', async () => {
    const { offerId, listingId } = await acceptedOffer();
    expect((await sign(producer, offerId)).statusCode).toBe(200);
    const put = t.app.storage.put.bind(t.app.storage);
    vi.spyOn(t.app.storage, 'put').mockImplementation((key, body, type) =>
      key.startsWith('chain-of-title/')
        ? Promise.reject(new Error('bucket away'))
        : put(key, body, type),
    );
    expect((await sign(agent, offerId)).statusCode).toBe(200);
    const row = await agreementRow(offerId);
    expect(row.signedSha256).toBeTruthy();
    expect(row.signedMailedAt).toBeTruthy();
    expect(row.chainFiledAt).toBeNull();
    vi.restoreAllMocks();

    const mailsBefore = await t.db.select({ id: mailOutbox.id }).from(mailOutbox);
    expect(await completeUnfinishedAgreements(t.app)).toBe(1);
    expect((await agreementRow(offerId)).chainFiledAt).toBeTruthy();
    expect(await t.db.select({ id: mailOutbox.id }).from(mailOutbox)).toHaveLength(
      mailsBefore.length,
    );
    // The signed document did not change on the way.
    expect((await agreementRow(offerId)).signedSha256).toBe(row.signedSha256);
    const filed = await t.db
      .select()
      .from(chainOfTitleDocuments)
      .where(
        and(
          eq(chainOfTitleDocuments.listingId, listingId),
          eq(chainOfTitleDocuments.sourceKey, `offer-agreement:${offerId}`),
        ),
      );
    expect(filed).toHaveLength(1);
  });

  it('sealing twice, even at once, records one final document', async () => {
    const { offerId } = await acceptedOffer();
    // Both signatures written directly, so nothing has sealed it yet.
    const now = new Date();
    await t.db
      .update(offerAgreements)
      .set({
        producerSignedName: 'Priya Producer',
        producerSignedAt: now,
        producerSignedIp: '203.0.113.7',
        agentSignedName: 'Avery Agent',
        agentSignedAt: now,
        agentSignedIp: '198.51.100.23',
      })
      .where(eq(offerAgreements.offerId, offerId));
    const [first, second] = await Promise.all([
      sealAgreement(t.app, offerId),
      sealAgreement(t.app, offerId),
    ]);
    expect(first?.signedSha256).toBeTruthy();
    expect(second?.signedSha256).toBe(first?.signedSha256);
    const again = await sealAgreement(t.app, offerId);
    expect(again?.signedSha256).toBe(first?.signedSha256);
    // The recorded file is there and is the recorded one.
    const stored = await readStoredFile(t.app.storage, first!.signedStorageKey!);
    expect(sha256(stored)).toBe(first!.signedSha256);
  });

  it('the self-signed certificate is made once and kept in DATA_DIR', () => {
    const first = loadSigningCertificate(t.config);
    expect(existsSync(path.join(t.config.dataDir, 'signing-certificate.p12'))).toBe(true);
    expect(loadSigningCertificate(t.config).fingerprint).toBe(first.fingerprint);
    // What a restart reads: the same certificate from the kept files.
    const kept = openSigningCertificate(
      readFileSync(path.join(t.config.dataDir, 'signing-certificate.p12')),
      readFileSync(path.join(t.config.dataDir, 'signing-certificate.passphrase'), 'utf8'),
    );
    expect(kept.fingerprint).toBe(first.fingerprint);
  });
});
