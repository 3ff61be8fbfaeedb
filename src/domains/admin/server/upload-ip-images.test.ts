import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import { LISTING_IMAGE_TYPE_MESSAGE } from '@/domains/listings/server';
import { listings } from '@/domains/listings/server/listings.tables';
import {
  createTestApp,
  createUser,
  signIn,
  type TestApp,
} from '../../../../tests/helpers/test-app';
import { insertListing } from '../../../../tests/helpers/fixtures/listings';
import { nextClientAddress } from '../../../../tests/helpers/fixtures/offers';
import {
  UPLOAD_IP_IMAGES_MAX_BYTES,
  type UploadIpImagesResponse,
} from '../upload-ip-images.schema';
import { parseIpImagesCsv } from './upload-ip-images-csv';
import { adminAuditLog } from './admin.tables';
import { uploadIpImagesLimits } from './admin-uploads.routes';

interface Part {
  field: string;
  filename: string;
  content: Buffer | string;
  contentType?: string;
}

function multipart(parts: Part[]) {
  const boundary = `----pts${randomUUID().replaceAll('-', '')}`;
  const chunks = parts.flatMap((part) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"; filename="${part.filename}"\r\n` +
        `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content),
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const png = (colour: string, width = 30, height = 45) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

describe('[ADMIN] bulk IP image upload', () => {
  let t: TestApp;
  let admin: UserRow;
  let agent: UserRow;
  let adminCookie: string;
  let agentCookie: string;

  const upload = (cookie: string | undefined, parts: Part[]) => {
    const { payload, headers } = multipart(parts);
    return t.request({
      method: 'POST',
      url: '/api/admin/upload-ip-images',
      cookie,
      payload,
      headers,
      remoteAddress: nextClientAddress(),
    });
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t.db, { role: 'admin' });
    agent = await createUser(t.db, { role: 'agent', agentVerificationStatus: 'approved' });
    adminCookie = await signIn(t, admin.id);
    agentCookie = await signIn(t, agent.id);
  }, 120_000);
  afterAll(() => t?.close());

  it('sets covers, appends to galleries and reports every row', async () => {
    const lighthouse = await insertListing(t.db, {
      title: 'The Lighthouse Keeper',
      author: 'Mara Quill',
      agentId: agent.id,
      galleryImages: ['/existing.webp'],
    });
    await insertListing(t.db, { title: 'Twin Title', author: 'Same Author' });
    await insertListing(t.db, { title: 'twin title ', author: 'SAME AUTHOR' });
    const csv = [
      'Title,Author,Image_File,Image_Type',
      '  the lighthouse keeper ,MARA QUILL,cover.png,cover',
      'The Lighthouse Keeper,Mara Quill,gallery.png,Gallery',
      'Nobody Wrote This,Nobody,cover.png,cover',
      'Twin Title,Same Author,cover.png,cover',
      'The Lighthouse Keeper,Mara Quill,not-sent.png,gallery',
      'The Lighthouse Keeper,Mara Quill,broken.png,gallery',
      'The Lighthouse Keeper,Mara Quill,cover.png,poster',
      ',Mara Quill,cover.png,cover',
      '',
    ].join('\r\n');
    const response = await upload(adminCookie, [
      { field: 'csv', filename: 'covers.csv', content: csv, contentType: 'text/csv' },
      { field: 'images', filename: 'cover.png', content: await png('#336699') },
      { field: 'images', filename: 'gallery.png', content: await png('#993366', 60, 40) },
      { field: 'images', filename: 'broken.png', content: 'not an image at all' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<UploadIpImagesResponse>();
    expect({ successful: body.successful, total: body.total }).toEqual({ successful: 2, total: 8 });
    expect(body.results.map((row) => [row.row, row.outcome])).toEqual([
      [2, 'done'],
      [3, 'done'],
      [4, 'no_listing'],
      [5, 'ambiguous'],
      [6, 'missing_image'],
      [7, 'bad_image'],
      [8, 'bad_row'],
      [9, 'bad_row'],
    ]);
    const [cover, gallery] = body.results;
    expect(cover).toMatchObject({ listingId: lighthouse.id, imageType: 'cover' });
    expect(cover.imageUrl).toMatch(/^\/uploads\/listing-images\/[0-9a-f-]{36}\.webp$/);
    expect(gallery.imageUrl).toMatch(/\.webp$/);
    expect(body.results[5].message).toBe(LISTING_IMAGE_TYPE_MESSAGE);
    expect(body.results[6].message).toBe('image_type must be cover or gallery');
    expect(body.results[7].message).toBe('Missing title');

    // The listing's own answer shows the new cover and the gallery with the image appended.
    const detail = await t.request({
      method: 'GET',
      url: `/api/listings/${lighthouse.id}`,
      cookie: adminCookie,
    });
    expect(detail.statusCode, detail.body).toBe(200);
    const listing = detail.json<{ coverImageUrl: string; galleryImages: string[] }>();
    expect(listing.coverImageUrl).toBe(cover.imageUrl);
    expect(listing.galleryImages).toEqual(['/existing.webp', gallery.imageUrl]);
    const served = await t.request({ method: 'GET', url: cover.imageUrl ?? '' });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');

    // Audited: one row per changed listing and one for the upload.
    const audit = await t.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, 'upload_ip_images'));
    expect(audit.filter((row) => row.targetType === 'listing')).toHaveLength(2);
    const summary = audit.find((row) => row.targetType === 'upload');
    expect(summary).toMatchObject({ actorId: admin.id, targetLabel: 'covers.csv' });
    expect(summary?.after).toMatchObject({ successful: 2, total: 8 });
    const [row] = await t.db
      .select({ cover: listings.coverImageUrl })
      .from(listings)
      .where(eq(listings.id, lighthouse.id));
    expect(row.cover).toBe(cover.imageUrl);
  });

  it('needs both a CSV and images, and a CSV with the four columns', async () => {
    const image = { field: 'images', filename: 'a.png', content: await png('#123456') };
    const onlyImages = await upload(adminCookie, [image]);
    expect(onlyImages.statusCode).toBe(400);
    expect(onlyImages.json().message).toBe('Please select both CSV file and images');
    const onlyCsv = await upload(adminCookie, [
      { field: 'csv', filename: 'a.csv', content: 'title,author,image_file,image_type\n' },
    ]);
    expect(onlyCsv.statusCode).toBe(400);
    const noColumns = await upload(adminCookie, [
      { field: 'csv', filename: 'a.csv', content: 'name,picture\nA,a.png\n' },
      image,
    ]);
    expect(noColumns.statusCode).toBe(400);
    expect(noColumns.json().message).toMatch(/needs the columns/);
    const pngAsCsv = await upload(adminCookie, [
      { field: 'csv', filename: 'a.csv', content: await png('#000000') },
      image,
    ]);
    expect(pngAsCsv.statusCode).toBe(415);
  });

  it('stops an upload past the total limit with 413', async () => {
    // A small limit, so the 413 needs no 250MB body.
    const limit = 200_000;
    uploadIpImagesLimits.maxTotalBytes = limit;
    const response = await upload(adminCookie, [
      {
        field: 'csv',
        filename: 'a.csv',
        content: 'title,author,image_file,image_type\nA,B,c.png,cover\n',
      },
      { field: 'images', filename: 'c.png', content: randomBytes(limit + 1000) },
    ]).finally(() => {
      uploadIpImagesLimits.maxTotalBytes = UPLOAD_IP_IMAGES_MAX_BYTES;
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('The upload can be at most 250MB in total');
  });

  it('is for administrators only', async () => {
    const parts: Part[] = [
      {
        field: 'csv',
        filename: 'a.csv',
        content: 'title,author,image_file,image_type\nA,B,c.png,cover\n',
      },
      { field: 'images', filename: 'c.png', content: await png('#654321') },
    ];
    expect((await upload(undefined, parts)).statusCode).toBe(401);
    expect((await upload(agentCookie, parts)).statusCode).toBe(403);
  });
});

describe('[ADMIN] bulk upload CSV', () => {
  it('reads quoted cells, a BOM and any column order', () => {
    const rows = parseIpImagesCsv(
      '\uFEFFimage_type,IMAGE FILE,author,title,notes\n' +
        'cover,"a, b.png","Quill, Mara","Title with ""quotes""",x\n',
    );
    expect(rows).toEqual([
      {
        row: 2,
        title: 'Title with "quotes"',
        author: 'Quill, Mara',
        imageFile: 'a, b.png',
        imageType: 'cover',
        problem: null,
      },
    ]);
  });

  it('refuses unreadable CSV as a whole', () => {
    expect(() => parseIpImagesCsv('title,author,image_file,image_type\n"open,quote\n')).toThrow(
      /could not be read/,
    );
  });
});
