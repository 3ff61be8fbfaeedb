import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import { adminAuditLog } from '@/domains/admin/server/admin.tables';
import type { ListingRow } from '@/domains/listings/server/listings.tables';
import { insertListing } from '../../../../tests/helpers/fixtures/listings';
import { nextClientAddress } from '../../../../tests/helpers/fixtures/offers';
import {
  createTestApp,
  createUser,
  signIn,
  type TestApp,
} from '../../../../tests/helpers/test-app';
import type { ChainOfTitleResponse, ChainOverviewResponse } from '../chain-of-title.schema';
import { chainOfTitleDocuments } from './chain-of-title.tables';

/** A small but well-formed one-page PDF, written by hand (no PDF library in the project). */
const CHAIN_PDF = Buffer.from(
  [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >> endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
    '',
  ].join('\n'),
);

let t: TestApp;
let admin: UserRow;
let agent: UserRow;
let otherAgent: UserRow;
let producer: UserRow;
let listing: ListingRow;
const cookies = new Map<number, string>();

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.db, { role: 'admin' });
  agent = await createUser(t.db, { role: 'agent', agentVerificationStatus: 'approved' });
  otherAgent = await createUser(t.db, { role: 'agent', agentVerificationStatus: 'approved' });
  producer = await createUser(t.db, { role: 'producer' });
  for (const user of [admin, agent, otherAgent, producer]) {
    cookies.set(user.id, await signIn(t, user.id));
  }
  listing = await insertListing(t.db, {
    agentId: agent.id,
    title: 'The Lighthouse Keeper',
    author: 'Ada Quill',
  });
}, 120_000);

afterAll(() => t.close());

const cookieOf = (user: UserRow | null) => (user ? cookies.get(user.id) : undefined);

interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
}

/** A multipart body with these parts, in this order. */
function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----pts${randomUUID().replaceAll('-', '')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename
      ? `form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: application/pdf`
      : `form-data; name="${part.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const FORM = {
  documentType: 'option_agreement',
  title: 'Option to Reel Co',
  parties: 'Ada Quill\nReel Co Ltd',
  effectiveDate: '2020-01-01',
  expiryDate: '2021-06-30',
  notes: 'Eighteen-month option, not renewed.',
};

function formParts(
  fields: Record<string, string> = FORM,
  file: { name: string; bytes: Buffer } | null = { name: 'option.pdf', bytes: CHAIN_PDF },
): Part[] {
  const parts: Part[] = Object.entries(fields).map(([name, value]) => ({ name, value }));
  if (file) parts.push({ name: 'file', value: file.bytes, filename: file.name });
  return parts;
}

async function upload(
  user: UserRow | null,
  parts: Part[] = formParts(),
  listingId: number | string = listing.id,
) {
  const { payload, headers } = multipart(parts);
  return t.request({
    method: 'POST',
    url: `/api/admin/chain-of-title/listings/${listingId}/documents`,
    cookie: cookieOf(user),
    payload,
    headers,
    remoteAddress: nextClientAddress(),
  });
}

const readChain = (user: UserRow | null, listingId: number | string = listing.id) =>
  t.request({
    method: 'GET',
    url: `/api/chain-of-title/listings/${listingId}`,
    cookie: cookieOf(user),
  });

const storedFiles = () => {
  const root = path.join(t.config.dataDir, 'uploads', 'chain-of-title');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
};

describe('[CHAIN OF TITLE] filing documents', () => {
  it('lets an admin file a PDF with its details, audited, and shows it in the timeline', async () => {
    const answer = await upload(admin);
    expect(answer.statusCode, answer.body).toBe(201);
    const { document } = answer.json() as { document: Record<string, unknown> };
    expect(document).toMatchObject({
      listingId: listing.id,
      documentType: 'option_agreement',
      title: 'Option to Reel Co',
      parties: ['Ada Quill', 'Reel Co Ltd'],
      effectiveDate: '2020-01-01',
      expiryDate: '2021-06-30',
      notes: 'Eighteen-month option, not renewed.',
      originalName: 'option.pdf',
      sizeBytes: CHAIN_PDF.length,
    });
    expect(document).not.toHaveProperty('storageKey');

    const audit = await t.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.targetId, document.id as number));
    expect(audit).toMatchObject([
      {
        actorId: admin.id,
        action: 'file_chain_document',
        targetType: 'chain_of_title_document',
        after: { listingId: listing.id, title: 'Option to Reel Co' },
      },
    ]);

    const chain = (await readChain(admin)).json() as ChainOfTitleResponse;
    expect(chain.listing).toEqual({
      id: listing.id,
      title: 'The Lighthouse Keeper',
      author: 'Ada Quill',
      agentId: agent.id,
    });
    expect(chain.canEdit).toBe(true);
    expect(chain.documents.map((d) => d.title)).toEqual(['Option to Reel Co']);
    expect(chain.gaps.map((gap) => gap.kind)).toEqual([
      'no_proof_of_rights',
      'option_expired_unresolved',
    ]);
    expect(chain.gaps[1]).toMatchObject({ documentId: document.id });
  });

  it('orders the timeline by effective date and clears gaps as the papers arrive', async () => {
    const second = await upload(
      admin,
      formParts({
        documentType: 'rights_agreement',
        title: 'Publishing and media rights agreement',
        parties: 'Ada Quill\nQuill Literary',
        effectiveDate: '2018-03-12',
        expiryDate: '',
        notes: '',
      }),
    );
    expect(second.statusCode, second.body).toBe(201);
    const lapse = await upload(
      admin,
      formParts({
        ...FORM,
        documentType: 'option_lapse',
        title: 'Notice of lapse',
        effectiveDate: '2021-07-01',
        expiryDate: '',
      }),
    );
    expect(lapse.statusCode, lapse.body).toBe(201);
    const chain = (await readChain(agent)).json() as ChainOfTitleResponse;
    expect(chain.documents.map((d) => d.effectiveDate)).toEqual([
      '2018-03-12',
      '2020-01-01',
      '2021-07-01',
    ]);
    expect(chain.gaps).toEqual([]);
  });

  it('takes parties sent as repeated fields', async () => {
    const { parties: _parties, ...rest } = FORM;
    const parts = formParts({
      ...rest,
      title: 'Copyright',
      documentType: 'copyright_registration',
    });
    parts.unshift(
      { name: 'parties', value: 'Ada Quill' },
      { name: 'parties', value: 'US Copyright Office' },
    );
    const answer = await upload(admin, parts);
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json().document.parties).toEqual(['Ada Quill', 'US Copyright Office']);
  });

  it('refuses a PNG named .pdf (415) and keeps nothing', async () => {
    const png = await sharp({
      create: { width: 20, height: 20, channels: 3, background: '#336699' },
    })
      .png()
      .toBuffer();
    const files = storedFiles().length;
    const rows = (await t.db.select().from(chainOfTitleDocuments)).length;
    const answer = await upload(
      admin,
      formParts(FORM, { name: 'really-a-picture.pdf', bytes: png }),
    );
    expect(answer.statusCode).toBe(415);
    expect(answer.json()).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Chain-of-title documents must be PDF files',
    });
    expect(storedFiles()).toHaveLength(files);
    expect(await t.db.select().from(chainOfTitleDocuments)).toHaveLength(rows);
  });

  it('answers missing or wrong fields with 400 and a message per field', async () => {
    const answer = await upload(
      admin,
      formParts({ ...FORM, title: '', parties: ' ', expiryDate: '2019-01-01' }, null),
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      code: 'VALIDATION',
      fields: {
        title: 'Please enter a title',
        parties: 'Please name at least one party',
        expiryDate: 'The expiry date cannot be before the effective date',
        file: 'Please choose a PDF to upload',
      },
    });
  });

  it('stops a PDF beyond 25 MB while it streams (413) and keeps no file', async () => {
    const files = storedFiles().length;
    const boundary = '----ptsbigchain';
    const head = Buffer.from(
      Object.entries(FORM)
        .map(
          ([name, value]) =>
            `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
        )
        .join('') +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    );
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    const body = Readable.from(
      (function* generate() {
        yield head;
        yield CHAIN_PDF;
        for (let i = 0; i < 26; i += 1) yield chunk;
        yield Buffer.from(`\r\n--${boundary}--\r\n`);
      })(),
    );
    const answer = await t.request({
      method: 'POST',
      url: `/api/admin/chain-of-title/listings/${listing.id}/documents`,
      cookie: cookieOf(admin),
      payload: body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      remoteAddress: nextClientAddress(),
    });
    expect(answer.statusCode).toBe(413);
    expect(answer.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'Chain-of-title documents can be at most 25MB',
    });
    expect(storedFiles()).toHaveLength(files);
  }, 60_000);

  it('lets only admins file: signed out 401, agents (even the listing’s) and producers 403', async () => {
    expect((await upload(null)).statusCode).toBe(401);
    for (const user of [agent, otherAgent, producer]) {
      const answer = await upload(user);
      expect(answer.statusCode).toBe(403);
      expect(answer.json().code).toBe('FORBIDDEN');
    }
  });

  it('answers 404 for a listing that does not exist', async () => {
    expect((await upload(admin, formParts(), 999_999)).statusCode).toBe(404);
    expect((await upload(admin, formParts(), 'abc')).statusCode).toBe(404);
    expect((await readChain(admin, 999_999)).statusCode).toBe(404);
  });
});

describe('[CHAIN OF TITLE] who reads the chain', () => {
  it("shows it to the listing's agent read-only, and refuses other agents and producers", async () => {
    const own = await readChain(agent);
    expect(own.statusCode).toBe(200);
    expect((own.json() as ChainOfTitleResponse).canEdit).toBe(false);
    expect((await readChain(otherAgent)).statusCode).toBe(403);
    expect((await readChain(producer)).statusCode).toBe(403);
    expect((await readChain(null)).statusCode).toBe(401);
  });

  it("downloads the PDF as an attachment for admins and the listing's agent only", async () => {
    const chain = (await readChain(admin)).json() as ChainOfTitleResponse;
    const document = chain.documents[0];
    for (const user of [admin, agent]) {
      const answer = await t.request({
        method: 'GET',
        url: document.fileUrl,
        cookie: cookieOf(user),
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('application/pdf');
      expect(answer.headers['content-disposition']).toContain('attachment;');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    for (const [user, status] of [
      [otherAgent, 403],
      [producer, 403],
      [null, 401],
    ] as const) {
      const answer = await t.request({
        method: 'GET',
        url: document.fileUrl,
        cookie: cookieOf(user),
      });
      expect(answer.statusCode).toBe(status);
    }
    const missing = await t.request({
      method: 'GET',
      url: '/api/chain-of-title/documents/999999/file',
      cookie: cookieOf(admin),
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('[CHAIN OF TITLE] admin overview', () => {
  it('lists listings with document and gap counts, searchable, filterable to missing proof', async () => {
    const bare = await insertListing(t.db, { title: 'Bare Lighthouse Papers', author: 'Nobody' });
    const overview = async (query: string) => {
      const answer = await t.request({
        method: 'GET',
        url: `/api/admin/chain-of-title/overview?${query}`,
        cookie: cookieOf(admin),
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json() as ChainOverviewResponse;
    };
    const found = await overview('search=lighthouse');
    expect(found.total).toBe(2);
    const byId = new Map(found.rows.map((row) => [row.listing.id, row]));
    expect(byId.get(listing.id)).toMatchObject({
      documentCount: 4,
      hasProofOfRights: true,
      problemCount: 0,
    });
    expect(byId.get(bare.id)).toMatchObject({
      documentCount: 0,
      hasProofOfRights: false,
      problemCount: 1,
    });
    expect((await overview('search=quill')).rows.map((row) => row.listing.id)).toEqual([
      listing.id,
    ]);
    const missing = await overview('search=lighthouse&filter=missing-proof');
    expect(missing.rows.map((row) => row.listing.id)).toEqual([bare.id]);
    expect((await overview('search=100%25')).total).toBe(0);

    for (const user of [agent, producer]) {
      const answer = await t.request({
        method: 'GET',
        url: '/api/admin/chain-of-title/overview',
        cookie: cookieOf(user),
      });
      expect(answer.statusCode).toBe(403);
    }
  });
});

describe('[CHAIN OF TITLE] deleting a wrongly filed document', () => {
  it('lets an admin delete it (audited, file removed); others cannot', async () => {
    const answer = await upload(admin, formParts({ ...FORM, title: 'Filed on the wrong listing' }));
    const { document } = answer.json() as { document: { id: number; fileUrl: string } };
    const files = storedFiles().length;
    const remove = (user: UserRow | null) =>
      t.request({
        method: 'DELETE',
        url: `/api/admin/chain-of-title/documents/${document.id}`,
        cookie: cookieOf(user),
      });
    expect((await remove(null)).statusCode).toBe(401);
    expect((await remove(agent)).statusCode).toBe(403);
    expect((await remove(producer)).statusCode).toBe(403);

    const deleted = await remove(admin);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ deleted: true });
    expect(storedFiles()).toHaveLength(files - 1);
    const rows = await t.db
      .select()
      .from(chainOfTitleDocuments)
      .where(eq(chainOfTitleDocuments.id, document.id));
    expect(rows).toEqual([]);
    const audit = await t.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, 'delete_chain_document'));
    expect(audit).toMatchObject([
      {
        actorId: admin.id,
        targetId: document.id,
        before: { title: 'Filed on the wrong listing', listingId: listing.id },
      },
    ]);
    expect((await remove(admin)).statusCode).toBe(404);
    const download = await t.request({
      method: 'GET',
      url: document.fileUrl,
      cookie: cookieOf(admin),
    });
    expect(download.statusCode).toBe(404);
  });

  it("removes a deleted listing's documents and their files", async () => {
    const doomed = await insertListing(t.db, { agentId: agent.id, title: 'A listing to delete' });
    const filed = await upload(admin, formParts({ ...FORM, title: 'Soon gone' }), doomed.id);
    expect(filed.statusCode, filed.body).toBe(201);
    const files = storedFiles().length;
    const deleted = await t.request({
      method: 'DELETE',
      url: `/api/listings/${doomed.id}`,
      cookie: cookieOf(agent),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toMatchObject({ outcome: 'deleted' });
    expect(storedFiles()).toHaveLength(files - 1);
    const rows = await t.db
      .select()
      .from(chainOfTitleDocuments)
      .where(eq(chainOfTitleDocuments.listingId, doomed.id));
    expect(rows).toEqual([]);
  });
});
