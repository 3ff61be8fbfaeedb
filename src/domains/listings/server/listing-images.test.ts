import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import {
  createTestApp,
  createUser,
  signIn,
  type TestApp,
} from '../../../../tests/helpers/test-app';
import { multipartBody, nextClientAddress } from '../../../../tests/helpers/fixtures/offers';
import { insertListings } from '../../../../tests/helpers/fixtures/listings';
import { LISTING_IMAGE_TYPE_MESSAGE } from './store-listing-image';

describe('[AGENTS] listing images', () => {
  let t: TestApp;
  let agent: UserRow;
  let producer: UserRow;
  const cookies = new Map<number, string>();

  const upload = (user: UserRow, filename: string, bytes: Buffer, field = 'image') => {
    const { payload, headers } = multipartBody(filename, bytes, { field });
    return t.request({
      method: 'POST',
      url: '/api/listings/images',
      cookie: cookies.get(user.id),
      payload,
      headers,
      remoteAddress: nextClientAddress(),
    });
  };

  beforeAll(async () => {
    t = await createTestApp();
    agent = await createUser(t.db, { role: 'agent', agentVerificationStatus: 'approved' });
    producer = await createUser(t.db, { role: 'producer' });
    for (const user of [agent, producer]) cookies.set(user.id, await signIn(t, user.id));
  }, 120_000);
  afterAll(() => t?.close());

  it('stores an agent’s image as WebP within 1200×1800, served publicly', async () => {
    const tall = await sharp({
      create: { width: 2000, height: 3000, channels: 3, background: '#884422' },
    })
      .jpeg()
      .toBuffer();
    const response = await upload(agent, 'cover.jpg', tall);
    expect(response.statusCode, response.body).toBe(201);
    const { url, width, height } = response.json<{ url: string; width: number; height: number }>();
    expect(url).toMatch(/^\/uploads\/listing-images\/[0-9a-f-]{36}\.webp$/);
    expect({ width, height }).toEqual({ width: 1200, height: 1800 });
    const served = await t.request({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const image = await sharp(served.rawPayload).metadata();
    expect({ format: image.format, width: image.width }).toEqual({ format: 'webp', width: 1200 });
  });

  it('judges the type by the bytes: a renamed text file is refused', async () => {
    const response = await upload(agent, 'cover.png', Buffer.from('not an image at all'));
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe(LISTING_IMAGE_TYPE_MESSAGE);
  });

  it('is for agents and admins only, and needs the image field', async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect((await upload(producer, 'cover.png', png)).statusCode).toBe(403);
    expect((await upload(agent, 'cover.png', png, 'file')).statusCode).toBe(400);
    const missing = await t.request({
      method: 'GET',
      url: '/uploads/listing-images/../../etc/passwd',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('deleting a listing removes its uploaded images, except one another listing shows', async () => {
    const png = await sharp({ create: { width: 20, height: 30, channels: 3, background: '#36c' } })
      .png()
      .toBuffer();
    const uploaded = async () => {
      const response = await upload(agent, 'image.png', png);
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ url: string }>().url;
    };
    const [cover, own, shared] = [await uploaded(), await uploaded(), await uploaded()];
    const [gone, other] = await insertListings(t.db, [
      { agentId: agent.id, coverImageUrl: cover, galleryImages: [own, shared] },
      { agentId: agent.id, galleryImages: [shared] },
    ]);
    const served = async (url: string) => (await t.request({ method: 'GET', url })).statusCode;
    expect([await served(cover), await served(own), await served(shared)]).toEqual([200, 200, 200]);

    const deleted = await t.request({
      method: 'DELETE',
      url: `/api/listings/${gone.id}`,
      cookie: cookies.get(agent.id),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toMatchObject({ outcome: 'deleted' });
    expect([await served(cover), await served(own)]).toEqual([404, 404]);
    // Still on the other listing's gallery.
    expect(await served(shared)).toBe(200);
    expect(other.galleryImages).toEqual([shared]);
  });
});
