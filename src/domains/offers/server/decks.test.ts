import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import { insertListing } from '../../../../tests/helpers/fixtures/listings';
import {
  PDF_BYTES,
  multipartBody,
  nextClientAddress,
  offerKit,
  type OfferKit,
} from '../../../../tests/helpers/fixtures/offers';
import { createTestApp, createUser, type TestApp } from '../../../../tests/helpers/test-app';
import type { CreateOfferResponse } from '../offers.schema';
import { decks } from './offers.tables';
import { MALFORMED_UPLOAD_MESSAGE } from './upload-deck';

let t: TestApp;
let kit: OfferKit;
let producer: UserRow;
let rival: UserRow;
let agent: UserRow;
let otherAgent: UserRow;
let admin: UserRow;

beforeAll(async () => {
  t = await createTestApp();
  kit = offerKit(t);
  producer = await createUser(t.db, { role: 'producer' });
  rival = await createUser(t.db, { role: 'producer' });
  agent = await createUser(t.db, { role: 'agent' });
  otherAgent = await createUser(t.db, { role: 'agent' });
  admin = await createUser(t.db, { role: 'admin' });
  await kit.signIn(producer, rival, agent, otherAgent, admin);
}, 120_000);

afterAll(async () => {
  await t.close();
});

/** A ZIP archive (stored, uncompressed) with these entries, as PowerPoint or Keynote write. */
function zipOf(names: string[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const name of names) {
    const nameBytes = Buffer.from(name);
    const data = Buffer.from(name.endsWith('/') ? '' : `<content of ${name}/>`);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(names.length, 8);
  end.writeUInt16LE(names.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const PPTX = zipOf(['[Content_Types].xml', '_rels/.rels', 'ppt/presentation.xml']);
const DOCX = zipOf(['[Content_Types].xml', '_rels/.rels', 'word/document.xml']);
const KEYNOTE = zipOf(['Index/', 'Index/Document.iwa', 'Metadata/Properties.plist']);
const PLAIN_ZIP = zipOf(['notes.txt']);
const OLE2 = (() => {
  const bytes = Buffer.alloc(4096);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(bytes);
  bytes.writeUInt16LE(0x003e, 24);
  bytes.writeUInt16LE(0x0003, 26);
  bytes.writeUInt16LE(0xfffe, 28);
  bytes.writeUInt16LE(9, 30);
  return bytes;
})();
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  Buffer.from('IHDR'),
  Buffer.alloc(64),
]);

function upload(user: UserRow | undefined, filename: string, content: Buffer, field = 'file') {
  const { payload, headers } = multipartBody(filename, content, { field });
  return t.request({
    method: 'POST',
    url: '/api/uploads/deck',
    cookie: kit.cookie(user),
    payload,
    headers,
    remoteAddress: nextClientAddress(),
  });
}

const storedFiles = () => {
  const root = path.join(t.config.dataDir, 'uploads', 'decks');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
};

describe('[OFFERS] proposal deck upload', () => {
  it('stores a PDF, PowerPoint and Keynote deck checked by content', async () => {
    for (const [name, content] of [
      ['Proposal.pdf', PDF_BYTES],
      ['Slides.pptx', PPTX],
      ['Old slides.PPT', OLE2],
      ['Pitch.key', KEYNOTE],
    ] as const) {
      const answer = await upload(producer, name, content);
      expect(answer.statusCode, name).toBe(201);
      const { deckFileUrl } = answer.json<{ deckFileUrl: string }>();
      expect(deckFileUrl).toMatch(/^\/api\/uploads\/deck\/\d+$/);
      const download = await t.request({
        method: 'GET',
        url: deckFileUrl,
        cookie: kit.cookie(producer),
      });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(content)).toBe(true);
      expect(download.headers['content-disposition']).toContain(`filename="${name}"`);
    }
    const [stored] = await t.db.select().from(decks).where(eq(decks.originalName, 'Slides.pptx'));
    expect(stored).toMatchObject({
      ownerId: producer.id,
      mimeType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      sizeBytes: PPTX.length,
    });
    expect(stored.storageKey).toMatch(new RegExp(`^decks/${producer.id}/[0-9a-f-]{36}\\.pptx$`));
  });

  it('refuses files whose content is not what their name says (415), and keeps nothing', async () => {
    const before = storedFiles().length;
    const rowsBefore = (await t.db.select().from(decks)).length;
    for (const [name, content] of [
      ['really-a-picture.pdf', PNG],
      ['document.pptx', DOCX],
      ['archive.key', PLAIN_ZIP],
      ['slides.pdf', PPTX],
      ['deck.docx', DOCX],
      ['empty.pdf', Buffer.alloc(0)],
    ] as const) {
      const answer = await upload(producer, name, content);
      expect(answer.statusCode, name).toBe(415);
      expect(answer.json()).toMatchObject({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'Proposal decks must be a .pdf, .ppt, .pptx or .key file',
      });
    }
    expect(storedFiles()).toHaveLength(before);
    expect(await t.db.select().from(decks)).toHaveLength(rowsBefore);
  });

  it('stops a deck beyond 50 MB while it streams (413) and keeps no partial file', async () => {
    const before = storedFiles().length;
    const boundary = '----ptsbigupload';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    let sent = 0;
    const body = Readable.from(
      (function* generate() {
        yield head;
        yield PDF_BYTES;
        // 51 MB of file content.
        for (let i = 0; i < 51; i += 1) {
          sent += chunk.length;
          yield chunk;
        }
        yield tail;
      })(),
    );
    const answer = await t.request({
      method: 'POST',
      url: '/api/uploads/deck',
      cookie: kit.cookie(producer),
      payload: body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      remoteAddress: nextClientAddress(),
    });
    expect(answer.statusCode).toBe(413);
    expect(answer.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'Proposal decks can be at most 50MB',
    });
    expect(sent).toBeGreaterThan(50 * 1024 * 1024);
    expect(storedFiles()).toHaveLength(before);
  }, 60_000);

  it('accepts uploads only from signed-in producers, as multipart with a file', async () => {
    expect((await upload(undefined, 'a.pdf', PDF_BYTES)).statusCode).toBe(401);
    expect((await upload(agent, 'a.pdf', PDF_BYTES)).statusCode).toBe(403);
    expect((await upload(admin, 'a.pdf', PDF_BYTES)).statusCode).toBe(403);
    expect((await upload(producer, 'a.pdf', PDF_BYTES, 'document')).statusCode).toBe(400);
    const json = await t.request({
      method: 'POST',
      url: '/api/uploads/deck',
      cookie: kit.cookie(producer),
      payload: { file: 'x' },
      remoteAddress: nextClientAddress(),
    });
    expect(json.statusCode).toBe(415);
  });
});

describe('[OFFERS] malformed multipart uploads answer 400, never 500', () => {
  const send = (payload: Buffer, contentType: string) =>
    t.request({
      method: 'POST',
      url: '/api/uploads/deck',
      cookie: kit.cookie(producer),
      payload,
      headers: { 'content-type': contentType },
      remoteAddress: nextClientAddress(),
    });
  const expectMalformed = (answer: Awaited<ReturnType<typeof send>>) => {
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'BAD_REQUEST', message: MALFORMED_UPLOAD_MESSAGE });
  };

  it('a multipart content type without a boundary', async () => {
    const { payload } = multipartBody('deck.pdf', PDF_BYTES);
    expectMalformed(await send(payload, 'multipart/form-data'));
  });

  it('a boundary that is not the one the body uses', async () => {
    const { payload } = multipartBody('deck.pdf', PDF_BYTES);
    expectMalformed(await send(payload, 'multipart/form-data; boundary=----notthisone'));
  });

  it('a part cut short before its closing boundary', async () => {
    const { payload, headers } = multipartBody('deck.pdf', PDF_BYTES);
    const truncated = payload.subarray(0, payload.length - 40);
    expectMalformed(await send(truncated, headers['content-type']));
    const headerOnly = payload.subarray(0, payload.indexOf('\r\n\r\n') - 5);
    expectMalformed(await send(headerOnly, headers['content-type']));
  });
});

describe('[OFFERS] deck download permissions', () => {
  it('lets the producer, the agent of an offered listing and admins download; nobody else', async () => {
    const { deckFileUrl } = (await upload(producer, 'My deck.pdf', PDF_BYTES)).json<{
      deckFileUrl: string;
    }>();
    const listing = await insertListing(t.db, { agentId: agent.id });
    const created = await kit.submit(producer, {
      listingId: listing.id,
      offerPrice: '2000',
      optionPeriod: 24,
      deckFileUrl,
    });
    expect(created.statusCode).toBe(201);
    const download = (user?: UserRow, url = deckFileUrl) =>
      t.request({ method: 'GET', url, cookie: kit.cookie(user) });

    // Until the hold is authorised the offer has not reached the agent.
    expect((await download(agent)).statusCode).toBe(403);
    const { clientSecret } = created.json<CreateOfferResponse>();
    await kit.confirmCard(producer, clientSecret);

    const own = await download(producer);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.headers['content-disposition']).toBe(
      `attachment; filename="My deck.pdf"; filename*=UTF-8''My%20deck.pdf`,
    );
    expect((await download(agent)).statusCode).toBe(200);
    expect((await download(admin)).statusCode).toBe(200);
    expect((await download(otherAgent)).statusCode).toBe(403);
    expect((await download(rival)).statusCode).toBe(403);
    expect((await download(undefined)).statusCode).toBe(401);
    expect((await download(producer, '/api/uploads/deck/999999')).statusCode).toBe(404);
    expect((await download(producer, '/api/uploads/deck/nope')).statusCode).toBe(404);
  });
});
