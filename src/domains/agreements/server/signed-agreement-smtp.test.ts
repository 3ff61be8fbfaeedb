import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import { insertListing } from '../../../../tests/helpers/fixtures/listings';
import { offerKit, type OfferKit } from '../../../../tests/helpers/fixtures/offers';
import { createTestApp, createUser, type TestApp } from '../../../../tests/helpers/test-app';
import { offerAgreements } from './agreements.tables';

interface Received {
  to: string[];
  raw: string;
}

const received: Received[] = [];
let smtp: SMTPServer;
let t: TestApp;
let kit: OfferKit;
let agent: UserRow;
let producer: UserRow;

beforeAll(async () => {
  smtp = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('latin1'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  kit = offerKit(t, { offerPrice: '40000', optionPeriod: 12 });
  agent = await createUser(t.db, { role: 'agent' });
  producer = await createUser(t.db, { role: 'producer' });
  await kit.signIn(agent, producer);
}, 120_000);

afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** The base64 body of the MIME part whose headers name this file. */
function attachmentOf(raw: string, filename: string): Buffer | null {
  const at = raw.indexOf(`filename=${filename}`);
  if (at === -1) return null;
  const bodyStart = raw.indexOf('\r\n\r\n', at) + 4;
  const bodyEnd = raw.indexOf('\r\n--', bodyStart);
  return Buffer.from(raw.slice(bodyStart, bodyEnd).replace(/\s+/g, ''), 'base64');
}

describe('[DEALS] the signed agreement by email over real SMTP', () => {
  it('delivers the signed PDF as an attachment to both parties', async () => {
    const listing = await insertListing(t.db, { agentId: agent.id });
    const offer = await kit.pendingOffer(producer, listing.id);
    expect((await kit.decide(agent, offer.id, 'accept')).statusCode).toBe(200);
    for (const who of [producer, agent]) {
      const signed = await t.request({
        method: 'POST',
        url: `/api/offers/${offer.id}/agreement/sign`,
        cookie: kit.cookie(who),
        payload: { fullName: `${who.firstName} ${who.lastName}`, consent: true },
      });
      expect(signed.statusCode).toBe(200);
    }
    const [row] = await t.db
      .select()
      .from(offerAgreements)
      .where(eq(offerAgreements.offerId, offer.id));
    expect(row.signedSha256).toBeTruthy();

    const filename = `option-agreement-${offer.id}-signed.pdf`;
    const deadline = Date.now() + 10_000;
    const arrived = () => received.filter((mail) => mail.raw.includes(filename));
    while (arrived().length < 2 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(
      arrived()
        .flatMap((mail) => mail.to)
        .sort(),
    ).toEqual([agent.email, producer.email].sort());
    for (const mail of arrived()) {
      expect(mail.raw).toMatch(/Content-Type: application\/pdf/);
      const pdf = attachmentOf(mail.raw, filename);
      expect(pdf?.subarray(0, 5).toString()).toBe('%PDF-');
      expect(createHash('sha256').update(pdf!).digest('hex')).toBe(row.signedSha256);
    }
  });
});
