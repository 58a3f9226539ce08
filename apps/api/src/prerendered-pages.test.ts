import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { testConfig } from './config.ts';

// A web build as apps/web writes it: index.html with the splash between its markers, the entry
// script, a stylesheet, and the first screens it rendered in each language (decision 0064).
const INDEX = `<!doctype html>
<html lang="fo">
  <head>
    <title>Støð</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/framework-1.js">
    <link rel="stylesheet" crossorigin href="/assets/shell-1.css">
  </head>
  <body>
    <div id="root"><!--splash--><div data-testid="splash">Støð</div><!--/splash--></div>
  </body>
</html>`;

let dir: string;
let app: FastifyInstance;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'stod-prerendered-'));
  const web = join(dir, 'web');
  mkdirSync(join(web, 'assets'), { recursive: true });
  writeFileSync(join(web, 'index.html'), INDEX);
  writeFileSync(join(web, 'assets', 'shell-1.css'), '.x{color:red}');
  writeFileSync(
    join(web, 'route-preloads.json'),
    JSON.stringify({ '/login': ['assets/LoginScreen-1.js'], '/home': ['assets/Home-1.js'] }),
  );
  writeFileSync(
    join(web, 'prerendered.json'),
    JSON.stringify({
      localeKey: 'stod_locale',
      tokenKey: 'access_token',
      defaultLocale: 'fo',
      pages: {
        fo: { '/login': { html: '<form><h1>Rita inn</h1></form>', title: 'Rita inn' } },
        en: { '/login': { html: '<form><h1>Sign in</h1></form>', title: 'Sign <in>' } },
      },
    }),
  );
  app = await buildApp(testConfig({ WEB_DIST: web, CONSOLE_DIST: join(dir, 'none') }));
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ url, headers });

const inlineScript = (html: string) => /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';

describe('the first screens rendered at build time', () => {
  it('sends the screen in Faroese, the first language, without a saved one', async () => {
    const asked: Record<string, string>[] = [
      {},
      { cookie: 'other=1' },
      { 'accept-language': 'en' },
    ];
    for (const headers of asked) {
      const res = await get('/login', headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers.vary).toBe('accept-encoding, cookie');
      expect(res.body).toContain('<html lang="fo">');
      expect(res.body).toContain('<title>Rita inn · Støð</title>');
      expect(res.body).toContain(
        '<div id="root" data-prerendered="/login"><form><h1>Rita inn</h1></form></div>',
      );
    }
  });

  it('sends it in the language the app saved in its cookie', async () => {
    const res = await get('/login?next=%2Fhome', { cookie: 'a=b; stod_locale=en' });
    expect(res.body).toContain('<html lang="en">');
    // The title is text, not markup.
    expect(res.body).toContain('<title>Sign &lt;in&gt; · Støð</title>');
    expect(res.body).toContain('<h1>Sign in</h1>');
    // A language the build did not render falls back to the first one.
    expect((await get('/login', { cookie: 'stod_locale=de' })).body).toContain('<h1>Rita inn</h1>');
  });

  it('keeps the splash for devices that are not a guest, and the stylesheet inline', async () => {
    const { body } = await get('/login');
    expect(body).toContain('<template id="splash"><div data-testid="splash">Støð</div></template>');
    expect(body).toContain('<style>.x{color:red}</style>');
    expect(body).not.toContain('rel="stylesheet"');
    // The app's files are asked for by the page's script once the screen has painted, not by
    // tags the browser would fetch beside the page.
    expect(body).not.toMatch(/<script type="module"|<link rel="modulepreload"/);
    const script = inlineScript(body);
    for (const file of ['/assets/index-1.js', '/assets/framework-1.js', '/assets/LoginScreen-1.js'])
      expect(script).toContain(`"${file}"`);
    expect(script).toContain('"access_token"');
    expect(script).toContain('"stod_locale"');
  });

  it('lets exactly its inline script run under the Content-Security-Policy', async () => {
    const res = await get('/login');
    const hash = createHash('sha256').update(inlineScript(res.body)).digest('base64');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
    expect(scriptSrc).not.toContain('unsafe-inline');
    // Other pages keep the policy as it was.
    expect(String((await get('/home')).headers['content-security-policy'])).toContain(
      "script-src 'self' 'wasm-unsafe-eval'",
    );
  });

  it('sends the page compressed as the client takes it', async () => {
    const plain = (await get('/login')).body;
    const br = await app.inject({ url: '/login', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain);
    const gz = await app.inject({ url: '/login', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain);
  });

  it('leaves other addresses as they were: the splash, and the first files named', async () => {
    const res = await get('/home');
    expect(res.body).toContain('<!--splash--><div data-testid="splash">');
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/Home-1.js">');
    expect(res.body).not.toContain('data-prerendered');
    expect(res.headers.vary).toBe('accept-encoding');
    expect((await get('/profile')).body).not.toContain('data-prerendered');
  });
});
