import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.app.get('/api/test/boom', () => {
    throw new Error('secret internal detail');
  });
});
afterAll(() => t.close());

describe('unexpected failures', () => {
  it('answer 500 with the request id and no internals', async () => {
    const res = await t.app.inject({
      url: '/api/test/boom',
      headers: { 'x-request-id': 'req-123', 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      statusCode: 500,
      code: 'INTERNAL',
      message: 'An error occurred (req-123).',
    });
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toContain('.ts');
  });

  it('answer 415 for a media type the API does not read, and 400 for plain text', async () => {
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signIn',
      headers: { 'content-type': 'application/xml' },
      payload: '<email>a@b.fo</email>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signIn',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=a@b.fo',
    });
    expect(text.statusCode).toBe(400);
  });
});
