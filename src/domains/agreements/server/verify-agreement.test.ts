import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import { insertListing } from '../../../../tests/helpers/fixtures/listings';
import {
  multipartBody,
  nextClientAddress,
  offerKit,
  PDF_BYTES,
  type OfferKit,
} from '../../../../tests/helpers/fixtures/offers';
import { createTestApp, createUser, type TestApp } from '../../../../tests/helpers/test-app';
import type { AgreementVerification } from '../agreement-verify.schema';
import { AGREEMENT_VERIFY_MAX_BYTES } from '../agreement-verify.schema';

let t: TestApp;
let kit: OfferKit;
let agent: UserRow;
let producer: UserRow;

beforeAll(async () => {
  t = await createTestApp();
  kit = offerKit(t, { offerPrice: '40000', optionPeriod: 12 });
  agent = await createUser(t.db, { role: 'agent' });
  producer = await createUser(t.db, { role: 'producer' });
  await kit.signIn(agent, producer);
}, 120_000);

afterAll(async () => {
  await t.close();
});

/** POST /api/agreements/verify, signed out, with one file part. */
const verify = (content: Buffer, filename = 'agreement.pdf', field = 'file') => {
  const { payload, headers } = multipartBody(filename, content, {
    field,
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

describe('[DEALS] /api/agreements/verify', () => {
  it('says the stored agreement is genuine, and a copy with one byte changed is not', async () => {
    const listing = await insertListing(t.db, { agentId: agent.id, title: 'The Keeper’s Logbook' });
    const offer = await kit.pendingOffer(producer, listing.id);
    expect((await kit.decide(agent, offer.id, 'accept')).statusCode).toBe(200);
    const download = await t.request({
      method: 'GET',
      url: `/api/offers/${offer.id}/agreement`,
      cookie: kit.cookie(producer),
    });
    expect(download.statusCode).toBe(200);
    const bytes = download.rawPayload;

    const genuine = await verify(bytes);
    expect(genuine.statusCode).toBe(200);
    const answer = genuine.json<AgreementVerification>();
    expect(answer).toMatchObject({
      genuine: true,
      sha256: download.headers['x-content-sha256'],
      agreement: {
        offerId: offer.id,
        listingId: listing.id,
        listingTitle: 'The Keeper’s Logbook',
        producerName: `${producer.firstName} ${producer.lastName}`,
        agentName: `${agent.firstName} ${agent.lastName}`,
        producerSignedAt: null,
        agentSignedAt: null,
      },
    });
    // Only the parties' names: no email, no amount.
    expect(genuine.body).not.toContain(producer.email);
    expect(genuine.body).not.toContain(agent.email);
    expect(genuine.body).not.toContain('40000');

    const changed = Buffer.from(bytes);
    const at = Math.floor(changed.length / 2);
    changed[at] = changed[at] ^ 0x01;
    const forged = await verify(changed);
    expect(forged.statusCode).toBe(200);
    expect(forged.json<AgreementVerification>()).toMatchObject({
      genuine: false,
      agreement: null,
    });
    expect(forged.json<AgreementVerification>().sha256).not.toBe(answer.sha256);
  });

  it('refuses what is not a PDF, a file that is too large, and a missing file', async () => {
    const notPdf = await verify(Buffer.from('PK\u0003\u0004 not a pdf'), 'agreement.pdf');
    expect(notPdf.statusCode).toBe(415);
    const tooLarge = await verify(
      Buffer.concat([PDF_BYTES, Buffer.alloc(AGREEMENT_VERIFY_MAX_BYTES + 1, 0x20)]),
    );
    expect(tooLarge.statusCode).toBe(413);
    const wrongField = await verify(PDF_BYTES, 'agreement.pdf', 'document');
    expect(wrongField.statusCode).toBe(400);
    const json = await t.request({
      method: 'POST',
      url: '/api/agreements/verify',
      payload: { file: 'x' },
      remoteAddress: nextClientAddress(),
    });
    expect(json.statusCode).toBe(415);
    // A PDF we never issued: answered, not genuine.
    const stranger = await verify(PDF_BYTES);
    expect(stranger.statusCode).toBe(200);
    expect(stranger.json<AgreementVerification>().genuine).toBe(false);
  });
});
