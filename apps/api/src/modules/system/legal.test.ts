import { legalPages } from '@stod/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { expectFitsPhone } from '../../test/html.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ BRAND_LEGAL_NAME: 'Støð <P/F> & Co' });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

describe('GET /api/legal/{page}', () => {
  it.each(legalPages)('serves %s as a small HTML page, Faroese by default', async (page) => {
    const res = await get(`/api/legal/${page}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-language']).toBe('fo');
    expect(res.headers.vary).toMatch(/accept-language/i);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.body).toContain('<html lang="fo">');
    expectFitsPhone(res.body);
    // The company comes from configuration, escaped.
    expect(res.body).toContain('Støð &#60;P/F&#62; &#38; Co');
    expect(res.body).not.toContain('<P/F>');
    expect(res.body).not.toMatch(/\{\{/);
    // The way to the other language and the other two pages.
    expect(res.body).toContain(`href="/api/legal/${page}?lang=en"`);
    for (const other of legalPages.filter((p) => p !== page))
      expect(res.body).toContain(`href="/api/legal/${other}?lang=fo"`);
  });

  it('answers in English by Accept-Language, and ?lang wins over the header', async () => {
    const en = await get('/api/legal/privacy', { 'accept-language': 'en-GB,en;q=0.9' });
    expect(en.body).toContain('<html lang="en">');
    expect(en.body).toContain('<h1>Privacy policy</h1>');
    expect(en.headers['content-language']).toBe('en');
    const byQuery = await get('/api/legal/purchase-terms?lang=en', { 'accept-language': 'fo' });
    expect(byQuery.body).toContain('<h1>Terms of purchase</h1>');
    expect(byQuery.headers['content-language']).toBe('en');
    const fo = await get('/api/legal/purchase-terms?lang=fo', { 'accept-language': 'en' });
    expect(fo.body).toContain('<h1>Keypstreytir</h1>');
    expect(fo.body).toContain('MVG (25%)');
    expect((await get('/api/legal/terms')).body).toContain('<h1>Nýtslutreytir</h1>');
    expect((await get('/api/legal/privacy')).body).toContain('<h1>Privatlívspolitikkur</h1>');
  });

  it('refuses an unknown language with a localized 400, and an unknown page with 404', async () => {
    const fo = await get('/api/legal/terms?lang=de');
    expect(fo.statusCode).toBe(400);
    expect(fo.json()).toMatchObject({
      code: 'VALIDATION',
      fieldErrors: { lang: 'Virðið er ikki gildigt.' },
    });
    const en = await get('/api/legal/terms?lang=xx', { 'accept-language': 'en' });
    expect(en.statusCode).toBe(400);
    expect(en.json()).toMatchObject({ fieldErrors: { lang: 'The value is not valid.' } });
    expect((await get('/api/legal/cookies')).statusCode).toBe(404);
  });
});

describe('the legal addresses in GET /api/company', () => {
  it('point at the built-in pages, which answer', async () => {
    const company = (await get('/api/company')).json<Record<string, string>>();
    for (const [field, page] of [
      ['termsUrl', 'terms'],
      ['purchaseTermsUrl', 'purchase-terms'],
      ['privacyUrl', 'privacy'],
    ] as const) {
      const url = new URL(company[field]!);
      expect(url.pathname).toBe(`/api/legal/${page}`);
      expect((await get(url.pathname)).statusCode).toBe(200);
    }
  });

  it("are the operator's own where configured", async () => {
    const own = await createTestApp({
      TERMS_URL: 'https://stod.example/treytir',
      PURCHASE_TERMS_URL: 'https://stod.example/keypstreytir',
      PRIVACY_URL: 'https://stod.example/privatliv',
    });
    try {
      expect((await own.app.inject({ url: '/api/company' })).json()).toMatchObject({
        termsUrl: 'https://stod.example/treytir',
        purchaseTermsUrl: 'https://stod.example/keypstreytir',
        privacyUrl: 'https://stod.example/privatliv',
      });
    } finally {
      await own.close();
    }
  });

  it('refuse to start with an address that is not a URL', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', PRIVACY_URL: 'privatliv' })).toThrow(/PRIVACY_URL/);
  });
});
