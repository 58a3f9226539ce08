import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { testConfig } from './config.ts';

// Two single-page apps from one process: the customer app at /, the staff console at /console.
let dir: string;
let app: FastifyInstance;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'stod-static-'));
  for (const name of ['web', 'console']) {
    mkdirSync(join(dir, name, 'assets'), { recursive: true });
    writeFileSync(
      join(dir, name, 'index.html'),
      `<!doctype html><html><head><title>${name}</title></head><body></body></html>`,
    );
    writeFileSync(join(dir, name, 'assets', `${name}-1.js`), `console.log('${name}')`);
  }
  // The files each first screen needs, as the web build lists them; a name that is not a
  // build file is never linked.
  writeFileSync(
    join(dir, 'web', 'route-preloads.json'),
    JSON.stringify({
      '/login': ['assets/web-1.js', 'assets/LoginScreen-x1.js', '../secret.js'],
      '/': [],
    }),
  );
  // What the web build adds for the installable app (apps/web/vite.config.ts, public/).
  writeFileSync(join(dir, 'web', 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(dir, 'web', 'manifest.webmanifest'), '{"name":"Støð"}');
  mkdirSync(join(dir, 'web', 'icons'));
  writeFileSync(join(dir, 'web', 'icons', 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  app = await buildApp(
    testConfig({ WEB_DIST: join(dir, 'web'), CONSOLE_DIST: join(dir, 'console') }),
  );
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string) => app.inject({ url });

describe('the apps the API serves', () => {
  it('answers a console deep link with the console, and an app deep link with the app', async () => {
    for (const url of ['/console', '/console/', '/console/vouchers', '/console/stations?x=1']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<title>console</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    for (const url of ['/', '/home', '/profile/vouchers', '/consoles']) {
      expect((await get(url)).body, url).toContain('<title>web</title>');
    }
  });

  it("names a first screen's files in the page for its address, and only there", async () => {
    for (const url of ['/login', '/login?next=%2Fhome']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<title>web</title>');
      const links = [
        ...res.body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g),
      ];
      expect(links.map((m) => m[1])).toEqual(['/assets/web-1.js', '/assets/LoginScreen-x1.js']);
      expect(res.body.indexOf('modulepreload')).toBeLessThan(res.body.indexOf('</head>'));
    }
    for (const url of ['/', '/home', '/login/more', '/console/login']) {
      expect((await get(url)).body, url).not.toContain('modulepreload');
    }
  });

  it('serves each app its own assets, kept for a year', async () => {
    const own = await get('/console/assets/console-1.js');
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/assets/web-1.js')).statusCode).toBe(200);
    // Neither app's files are reachable under the other's path.
    for (const url of ['/assets/console-1.js', '/console/assets/web-1.js']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json<{ code: string }>().code, url).toBe('NOT_FOUND');
    }
  });

  it('answers a build file that is gone with a 404, not with the app', async () => {
    // A service worker would otherwise keep the app's page under a script's name.
    for (const url of ['/assets/web-0.js', '/assets/old/web-0.css', '/console/assets/gone.js']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('application/json');
    }
  });

  it('has browsers check the service worker, the manifest and the icons on every load', async () => {
    const worker = await get('/sw.js');
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toContain('javascript');
    expect(worker.headers['cache-control']).toBe('no-cache');
    // Served from the root, its scope is the whole app without a Service-Worker-Allowed header.
    expect(worker.headers['service-worker-allowed']).toBeUndefined();

    const manifest = await get('/manifest.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
    expect(manifest.headers['cache-control']).toBe('no-cache');

    const icon = await get('/icons/icon-192.png');
    expect(icon.headers['content-type']).toBe('image/png');
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('lets the page register its worker and read its manifest from this origin only', async () => {
    const csp = String((await get('/')).headers['content-security-policy']);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });

  it('keeps API 404s as JSON under /api', async () => {
    const res = await get('/api/console');
    expect(res.statusCode).toBe(404);
    expect(res.json<{ code: string }>().code).toBe('NOT_FOUND');
  });
});
