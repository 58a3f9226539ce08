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
    writeFileSync(join(dir, name, 'index.html'), `<!doctype html><title>${name}</title>`);
    writeFileSync(join(dir, name, 'assets', `${name}-1.js`), `console.log('${name}')`);
  }
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

  it('serves each app its own assets, kept for a year', async () => {
    const own = await get('/console/assets/console-1.js');
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/assets/web-1.js')).statusCode).toBe(200);
    // Neither app's files are reachable under the other's path.
    expect((await get('/assets/console-1.js')).body).toContain('<title>web</title>');
    expect((await get('/console/assets/web-1.js')).body).toContain('<title>console</title>');
  });

  it('keeps API 404s as JSON under /api', async () => {
    const res = await get('/api/console');
    expect(res.statusCode).toBe(404);
    expect(res.json<{ code: string }>().code).toBe('NOT_FOUND');
  });
});
