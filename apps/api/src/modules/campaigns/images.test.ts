import { createHash } from 'node:crypto';
import { CAMPAIGN_IMAGE_MAX_BYTES } from '@stod/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignImages } from '../../db/schema/index.ts';
import { bearer, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { GIF, jpegOf, pngOf, uploadImage, webpOf } from '../../test/campaigns.ts';
import { signInAsStaff } from '../../test/staff.ts';

let t: TestApp;
let operator: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  operator = bearer(await signInAsStaff(t.app, { role: 'operator' }));
});
afterAll(() => t.close());

const imageCount = async () =>
  (await t.app.ctx.db.select({ n: sql<number>`count(*)::int` }).from(campaignImages))[0]?.n;

describe('POST /api/admin/campaigns/images', () => {
  it('keeps a PNG, a JPEG and a WebP and answers their size read from the header', async () => {
    for (const [bytes, type, size] of [
      [pngOf(64, 36), 'image/png', { width: 64, height: 36 }],
      [jpegOf(1280, 720), 'image/jpeg', { width: 1280, height: 720 }],
      [webpOf(800, 450), 'image/webp', { width: 800, height: 450 }],
    ] as const) {
      const res = await uploadImage(t.app, operator, bytes, type);
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json<{ id: string; url: string; width: number; height: number }>();
      expect(body).toMatchObject(size);
      expect(body.url).toBe(`/api/campaigns/images/${body.id}`);
      const served = await t.app.inject({ url: body.url });
      expect(served.headers['content-type']).toBe(type);
      expect(served.rawPayload.equals(bytes)).toBe(true);
    }
  });

  it('refuses a type it does not take with a localized 415, and keeps nothing', async () => {
    const before = await imageCount();
    const gif = await uploadImage(t.app, operator, GIF, 'image/gif');
    expect(gif.statusCode).toBe(415);
    expect(gif.json()).toEqual({
      statusCode: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Myndin má vera PNG, JPEG ella WebP.',
    });
    const text = await uploadImage(
      t.app,
      { ...operator, 'accept-language': 'en' },
      'hello',
      'text/plain',
    );
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ message: 'The picture must be a PNG, JPEG or WebP.' });
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/admin/campaigns/images',
      headers: operator,
      payload: { picture: 'data:image/png;base64,AAAA' },
    });
    expect(json.statusCode).toBe(415);
    expect(await imageCount()).toBe(before);
  });

  it('refuses bytes that are not what the Content-Type says', async () => {
    const before = await imageCount();
    for (const [bytes, type] of [
      [jpegOf(10, 10), 'image/png'],
      [pngOf(4, 4), 'image/webp'],
      [GIF, 'image/jpeg'],
      [Buffer.from('not a picture at all'), 'image/png'],
      // The signature alone, with the header cut off.
      [pngOf(4, 4).subarray(0, 12), 'image/png'],
      [Buffer.alloc(0), 'image/png'],
    ] as const) {
      const res = await uploadImage(t.app, operator, bytes, type);
      expect(res.statusCode, `${type} ${res.body}`).toBe(415);
      expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    }
    expect(await imageCount()).toBe(before);
  });

  it('refuses a picture over 2 MB with a localized 413, and takes one of exactly 2 MB', async () => {
    const before = await imageCount();
    const png = pngOf(8, 8);
    const tooLarge = Buffer.concat([png, Buffer.alloc(CAMPAIGN_IMAGE_MAX_BYTES + 1 - png.length)]);
    const res = await uploadImage(t.app, operator, tooLarge);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      statusCode: 413,
      code: 'IMAGE_TOO_LARGE',
      message: 'Myndin er ov stór. Hon kann í mesta lagi vera 2 MB.',
    });
    const en = await uploadImage(t.app, { ...operator, 'accept-language': 'en' }, tooLarge);
    expect(en.json()).toMatchObject({
      message: 'The picture is too large. It may be at most 2 MB.',
    });
    expect(await imageCount()).toBe(before);
    // Trailing bytes after IEND are still the same PNG; exactly at the limit is allowed.
    const atLimit = Buffer.concat([png, Buffer.alloc(CAMPAIGN_IMAGE_MAX_BYTES - png.length)]);
    expect((await uploadImage(t.app, operator, atLimit)).statusCode).toBe(201);
  });

  it('is the operator’s alone: a customer, station staff and a guest are refused', async () => {
    const before = await imageCount();
    const customer = await registerUser(t.app);
    const station = await signInAsStaff(t.app, { role: 'station' });
    expect((await uploadImage(t.app, bearer(customer.token), pngOf(4, 4))).statusCode).toBe(403);
    expect((await uploadImage(t.app, bearer(station), pngOf(4, 4))).statusCode).toBe(403);
    expect((await uploadImage(t.app, {}, pngOf(4, 4))).statusCode).toBe(401);
    expect(await imageCount()).toBe(before);
  });
});

describe('GET /api/campaigns/images/{id}', () => {
  it('serves the bytes with a strong ETag, for good, and 304 when the client has them', async () => {
    const bytes = pngOf(32, 18);
    const { url } = (await uploadImage(t.app, operator, bytes)).json<{ url: string }>();
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(200);
    const etag = `"${createHash('sha256').update(bytes).digest('hex')}"`;
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(bytes.length),
      etag,
      'cache-control': 'public, max-age=31536000, immutable',
      'cross-origin-resource-policy': 'cross-origin',
      'x-content-type-options': 'nosniff',
    });
    expect(res.rawPayload.equals(bytes)).toBe(true);

    for (const held of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await t.app.inject({ url, headers: { 'if-none-match': held } });
      expect(again.statusCode, held).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
    }
    const changed = await t.app.inject({ url, headers: { 'if-none-match': '"other"' } });
    expect(changed.statusCode).toBe(200);
    expect(changed.rawPayload.equals(bytes)).toBe(true);
  });

  it('answers 404 for a picture that does not exist and 400 for an id that cannot be one', async () => {
    const missing = await t.app.inject({
      url: '/api/campaigns/images/00000000-0000-4000-8000-000000000000',
      headers: { 'accept-language': 'en' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      code: 'NOT_FOUND',
      message: 'We could not find what you were looking for.',
    });
    expect((await t.app.inject({ url: '/api/campaigns/images/nope' })).statusCode).toBe(400);
  });
});
