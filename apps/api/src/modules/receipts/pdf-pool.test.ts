import type { Receipt } from '@stod/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedReceipts } from '../../seed/receipts.ts';
import { bearer, createTestApp, registerUser, type TestApp } from '../../test/app.ts';

let t: TestApp;
let owner: { token: string };
let receipts: Receipt[];

const setUp = async (overrides: Record<string, string> = {}) => {
  const app = await createTestApp(overrides);
  const user = await registerUser(app.app);
  const id = (await app.app.inject({ url: '/api/user/v2', headers: bearer(user.token) })).json<{
    id: string;
  }>().id;
  await seedReceipts(app.app.ctx.db, id);
  const all = await app.app.inject({ url: '/api/receipts?take=100', headers: bearer(user.token) });
  return { app, user, receipts: all.json<{ items: Receipt[] }>().items };
};

beforeAll(async () => {
  ({ app: t, user: owner, receipts } = await setUp());
});
afterAll(() => t.close());

const pdfOf = (app: TestApp, token: string, id: string, headers: Record<string, string> = {}) =>
  app.app.inject({ url: `/api/receipts/${id}/pdf`, headers: { ...bearer(token), ...headers } });

describe('receipt PDF cache', () => {
  it('renders a receipt once per language and answers the second request from the cache', async () => {
    const [receipt] = receipts;
    const before = t.app.ctx.receiptPdfs.stats().renders;
    const first = await pdfOf(t, owner.token, receipt!.id);
    expect(first.statusCode).toBe(200);
    expect(first.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(first.headers['cache-control']).toBe('private, no-store');
    expect(t.app.ctx.receiptPdfs.stats().renders).toBe(before + 1);

    const second = await pdfOf(t, owner.token, receipt!.id);
    expect(second.statusCode).toBe(200);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(t.app.ctx.receiptPdfs.stats().renders).toBe(before + 1);

    const unchanged = await pdfOf(t, owner.token, receipt!.id, {
      'if-none-match': String(first.headers.etag),
    });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.rawPayload).toHaveLength(0);

    const english = await pdfOf(t, owner.token, receipt!.id, { 'accept-language': 'en' });
    expect(english.statusCode).toBe(200);
    expect(english.headers.vary).toContain('accept-language');
    expect(t.app.ctx.receiptPdfs.stats().renders).toBe(before + 2);
  });

  it('never serves a cached receipt to another user', async () => {
    const stranger = await registerUser(t.app);
    const [receipt] = receipts;
    await pdfOf(t, owner.token, receipt!.id);
    const res = await pdfOf(t, stranger.token, receipt!.id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('keeps the cache within its size in bytes', async () => {
    const small = await setUp({ PDF_CACHE_MB: '0.05' });
    try {
      for (const receipt of small.receipts.slice(0, 6))
        expect((await pdfOf(small.app, small.user.token, receipt.id)).statusCode).toBe(200);
      const { cached, cacheBytes } = small.app.app.ctx.receiptPdfs.stats();
      expect(cacheBytes).toBeLessThanOrEqual(0.05 * 1024 * 1024);
      expect(cached).toBeGreaterThan(0);
      expect(cached).toBeLessThan(6);
    } finally {
      await small.app.close();
    }
  });
});

describe('receipt PDFs under load', () => {
  it('answers one user 200s and 429s, never 5xx, and health answers while renders are queued', async () => {
    const pending = Array.from({ length: 150 }, (_, i) =>
      pdfOf(t, owner.token, receipts[i % receipts.length]!.id, {
        'accept-language': i % 2 === 0 ? 'fo' : 'en',
      }),
    );
    await vi.waitFor(() => expect(t.app.ctx.receiptPdfs.stats().inFlight).toBeGreaterThan(0));
    const health = await t.app.inject({ url: '/api/health' });
    const stillRendering = t.app.ctx.receiptPdfs.stats().inFlight;
    expect(health.statusCode).toBe(200);
    expect(stillRendering).toBeGreaterThan(0);

    const answers = await Promise.all(pending);
    const statuses = answers.map((res) => res.statusCode);
    expect(new Set(statuses)).toEqual(new Set([200, 429]));
    for (const res of answers.filter((r) => r.statusCode === 429)) {
      expect(res.headers['retry-after']).toBe('1');
      expect(res.json()).toMatchObject({ code: 'RATE_LIMITED' });
    }
    for (const res of answers.filter((r) => r.statusCode === 200))
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('answers 503 with Retry-After once the render queue is full', async () => {
    const busy = await setUp({ PDF_WORKERS: '1', PDF_QUEUE_MAX: '1', PDF_PER_USER: '10' });
    try {
      const answers = await Promise.all(
        busy.receipts
          .slice(0, 6)
          .map((r) => pdfOf(busy.app, busy.user.token, r.id, { 'accept-language': 'en' })),
      );
      const statuses = answers.map((res) => res.statusCode).sort();
      expect(statuses.slice(0, 2)).toEqual([200, 200]);
      expect(statuses.slice(2)).toEqual([503, 503, 503, 503]);
      const refused = answers.find((res) => res.statusCode === 503)!;
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(refused.json()).toEqual({
        statusCode: 503,
        code: 'BUSY',
        message: 'An error occurred, try again later.',
      });
    } finally {
      await busy.app.close();
    }
  });
});
