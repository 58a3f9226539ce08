import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT } from '../app.ts';
import { createTestApp, registration, type TestApp } from '../test/app.ts';
import { MAX_FIELD_ERRORS, MORE_FIELDS_KEY } from './errors.ts';

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
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(500);
    const id = res.headers['x-request-id'];
    expect(res.json()).toEqual({
      statusCode: 500,
      code: 'INTERNAL',
      message: `An error occurred (${String(id)}).`,
    });
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toContain('.ts');
  });

  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

  it('carry one request id, echoed in the answer: a new UUID each, whatever a direct client sends', async () => {
    for (const sent of ['lb-7f3a:1', 'two words', 'x'.repeat(65), '<script>', ''])
      expect(
        (await t.app.inject({ url: '/api/health', headers: { 'x-request-id': sent } })).headers[
          'x-request-id'
        ],
      ).toMatch(uuid);
    const [a, b] = await Promise.all([
      t.app.inject({ url: '/api/health' }),
      t.app.inject({ url: '/api/health' }),
    ]);
    expect(a.headers['x-request-id']).toMatch(uuid);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });

  it('keep the id a trusted proxy gave the request when it is a plain token', async () => {
    const behind = await createTestApp({ TRUST_PROXY: 'loopback' });
    try {
      const kept = await behind.app.inject({
        url: '/api/health',
        headers: { 'x-request-id': 'lb-7f3a:1' },
      });
      expect(kept.headers['x-request-id']).toBe('lb-7f3a:1');
      for (const odd of ['two words', 'x'.repeat(65), '<script>', ''])
        expect(
          (await behind.app.inject({ url: '/api/health', headers: { 'x-request-id': odd } }))
            .headers['x-request-id'],
        ).toMatch(uuid);
      // A proxy elsewhere is not trusted: its id is not kept.
      const far = await behind.app.inject({
        url: '/api/health',
        remoteAddress: '203.0.113.9',
        headers: { 'x-request-id': 'lb-7f3a:2' },
      });
      expect(far.headers['x-request-id']).toMatch(uuid);
    } finally {
      await behind.close();
    }
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

describe('field errors of a hostile body', () => {
  /** About 1 MB of JSON: 60,000 unknown fields, each of which used to get its own message back. */
  function manyUnknownFields(base: Record<string, unknown> = {}) {
    const fields = Array.from({ length: 60_000 }, (_, i) => `"unknown${String(i)}":1`);
    const base_ = JSON.stringify(base).slice(1, -1);
    return `{${base_ ? `${base_},` : ''}${fields.join(',')}}`;
  }

  it('are capped, with the real fields first and a count of the rest', async () => {
    const payload = manyUnknownFields();
    expect(payload.length).toBeGreaterThan(950_000);
    expect(payload.length).toBeLessThan(BODY_LIMIT);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.body.length).toBeLessThan(4_000);
    const { fieldErrors } = res.json<{ fieldErrors: Record<string, string> }>();
    expect(Object.keys(fieldErrors)).toHaveLength(MAX_FIELD_ERRORS + 1);
    // The nine missing registration fields come before the unknown ones.
    expect(fieldErrors.name).toBe('The field is required.');
    expect(fieldErrors.terms).toBeDefined();
    expect(fieldErrors.unknown0).toBe('This field is not allowed.');
    expect(fieldErrors[MORE_FIELDS_KEY]).toBe(
      `And ${String(60_009 - MAX_FIELD_ERRORS)} more fields are not filled in correctly.`,
    );
  });

  it('say in Faroese how many were left out', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user',
      headers: { 'content-type': 'application/json' },
      payload: manyUnknownFields(registration()),
    });
    expect(res.statusCode).toBe(400);
    const { fieldErrors } = res.json<{ fieldErrors: Record<string, string> }>();
    expect(fieldErrors.unknown0).toBe('Hesin teigurin er ikki loyvdur.');
    expect(fieldErrors[MORE_FIELDS_KEY]).toBe(
      `Og ${String(60_000 - MAX_FIELD_ERRORS)} teigar aftrat eru ikki rætt útfyltir.`,
    );
  });

  it('are all there when there are few', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user',
      payload: { ...registration(), name: '', extra: 1 },
    });
    expect(Object.keys(res.json<{ fieldErrors: object }>().fieldErrors).sort()).toEqual([
      'extra',
      'name',
    ]);
  });

  it('cut a very long field name instead of echoing it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user',
      payload: { ...registration(), ['x'.repeat(500_000)]: 1 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body.length).toBeLessThan(2_000);
    const fields = Object.keys(res.json<{ fieldErrors: object }>().fieldErrors);
    expect(fields).toEqual([`${'x'.repeat(100)}…`]);
  });
});
