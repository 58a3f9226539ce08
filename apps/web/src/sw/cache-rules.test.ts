import { describe, expect, it } from 'vitest';
import {
  isAppNavigation,
  isCacheableResponse,
  isServerPath,
  runtimeCacheRule,
} from './cache-rules.ts';

const origin = 'https://app.example';
const at = (path: string, base = origin) => new URL(path, base);
const get = (path: string, extra: { method?: string; authorized?: boolean } = {}) =>
  runtimeCacheRule(
    { url: at(path), method: extra.method ?? 'GET', authorized: extra.authorized ?? false },
    origin,
  );

describe('what the worker answers with the cached app', () => {
  it('starts the app for its own routes, deep links and 404s', () => {
    for (const path of ['/', '/login', '/home', '/profile/vouchers', '/no-network', '/x?y=1']) {
      expect(isAppNavigation(at(path), origin), path).toBe(true);
    }
  });

  it('leaves what the server answers itself to the server', () => {
    for (const path of [
      '/api',
      '/api/docs',
      '/api/docs/static/index.html',
      '/api/sim/gateway/checkout/1',
      '/api/sim/identity/authorize?x=1',
      '/console',
      '/console/kitchen',
      '/socket.io/?EIO=4',
      '/ocpp/CP-1',
    ]) {
      expect(isServerPath(at(path).pathname), path).toBe(true);
      expect(isAppNavigation(at(path), origin), path).toBe(false);
    }
  });

  it('does not take a path that merely starts like a server path', () => {
    for (const path of ['/apiary', '/consoles', '/ocppx']) {
      expect(isAppNavigation(at(path), origin), path).toBe(true);
    }
  });

  it('leaves files and other sites alone', () => {
    for (const url of [at('/sw.js'), at('/manifest.webmanifest'), at('/food/burgari.svg')]) {
      expect(isAppNavigation(url, origin), url.href).toBe(false);
    }
    expect(isAppNavigation(at('/home', 'https://elsewhere.example'), origin)).toBe(false);
  });
});

describe('what the worker may keep beyond the precache', () => {
  it('keeps the hashed build files and the public images', () => {
    expect(get('/assets/zxing_reader-BxB2YfIY.wasm')).toBe('hashed');
    expect(get('/assets/inter-latin-400-normal-CyCys3Eg.woff')).toBe('hashed');
    expect(get('/food/burgari.svg')).toBe('static');
    expect(get('/icons/icon-192.png')).toBe('static');
  });

  it('never keeps an API answer, whatever it asks for', () => {
    for (const path of ['/api/user/v2', '/api/stations', '/api/receipts/1/pdf', '/api/assets/x']) {
      expect(get(path), path).toBeNull();
    }
  });

  it('never keeps a request with an Authorization header, a write or a query', () => {
    expect(get('/assets/app-1.js', { authorized: true })).toBeNull();
    expect(get('/food/burgari.svg', { authorized: true })).toBeNull();
    expect(get('/assets/app-1.js', { method: 'POST' })).toBeNull();
    expect(get('/food/burgari.svg?v=2')).toBeNull();
  });

  it('keeps nothing of other sites, the console or the pages', () => {
    expect(
      runtimeCacheRule(
        { url: at('/assets/a.js', 'https://cdn.example'), method: 'GET', authorized: false },
        origin,
      ),
    ).toBeNull();
    expect(get('/console/assets/console-1.js')).toBeNull();
    expect(get('/home')).toBeNull();
    expect(get('/tile/1/2/3.png')).toBeNull();
  });

  it('stores only complete answers that are not the app’s fallback page', () => {
    expect(isCacheableResponse(200, 'application/javascript; charset=utf-8')).toBe(true);
    expect(isCacheableResponse(200, 'application/wasm')).toBe(true);
    expect(isCacheableResponse(200, null)).toBe(true);
    expect(isCacheableResponse(200, 'text/html; charset=UTF-8')).toBe(false);
    expect(isCacheableResponse(404, 'application/json')).toBe(false);
    expect(isCacheableResponse(206, 'application/wasm')).toBe(false);
  });
});
