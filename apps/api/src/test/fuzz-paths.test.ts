import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeTables, type RouteEntry } from '../app.ts';
import { createTestApp, registerUser, type TestApp } from './app.ts';
import { signInAsStaff } from './staff.ts';

/**
 * Every path parameter of every route the app serves (as Fastify holds them, documented or not,
 * so a route added later is swept too) gets each hostile value, signed in as a customer and as
 * an operator, and so does a query value on every GET; none may answer 5xx. The values are the
 * ones a database or a router chokes on.
 */

/** Raw URL text, as a careless or hostile client sends it. */
const HOSTILE = [
  '%00',
  'a%00b',
  '%01%1B%5B31m',
  '%7F',
  '%C2%85',
  '%ED%A0%80',
  '%E2%80%AE',
  '%',
  '%%',
  '..',
  '%2E%2E%2F%2E%2E',
  '-1',
  '99999999999999999999',
  '1e309',
  'NaN',
  encodeURIComponent("'; drop table users; --"),
  'x'.repeat(5_000),
];

/** A value of the usual shape for the other parameters. */
const PLAIN: Record<string, string> = { product: 'stod' };
const plainOf = (name: string) => PLAIN[name] ?? '00000000-0000-4000-8000-000000000001';

let t: TestApp;
let routes: RouteEntry[];
let user = '';
let operator = '';

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000000' });
  await t.app.ready();
  routes = routeTables.get(t.app) ?? [];
  user = (await registerUser(t.app)).token;
  operator = await signInAsStaff(t.app, { role: 'operator' });
});
afterAll(() => t.close());

const paramsOf = (url: string) => [...url.matchAll(/:(\w+)/g)].map((m) => m[1] ?? '');

function urlWith(route: RouteEntry, name: string, raw: string) {
  return route.url.replace(/:(\w+)/g, (_all, param: string) =>
    param === name ? raw : plainOf(param),
  );
}

describe('path and query fuzzing of every route', () => {
  it('answers no hostile path parameter or query value with a 5xx', async () => {
    const swept = routes.filter((r) => r.url.startsWith('/api/') && paramsOf(r.url).length > 0);
    expect(swept.length).toBeGreaterThan(40);
    const failures: string[] = [];
    const tried = async (method: string, url: string) => {
      for (const token of [user, operator]) {
        const res = await t.app.inject({
          method: method as 'GET',
          url,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: '{}' }),
        });
        if (res.statusCode >= 500)
          failures.push(`${method} ${url.slice(0, 120)} → ${String(res.statusCode)}`);
      }
    };
    for (const route of swept)
      for (const name of paramsOf(route.url))
        for (const raw of HOSTILE) await tried(route.method, urlWith(route, name, raw));
    const gets = routes.filter((r) => r.url.startsWith('/api/') && r.method === 'GET');
    for (const route of gets)
      for (const raw of HOSTILE.slice(0, 8))
        await tried('GET', `${urlWith(route, '', '')}?offset=${raw}&take=${raw}&q=${raw}`);
    expect(failures).toEqual([]);
  });

  it('refuses a NUL in a path parameter with a 400 that names it, in the caller’s language', async () => {
    const res = await t.app.inject({
      url: '/api/beverages/%00',
      headers: { authorization: `Bearer ${user}`, 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION',
      fieldErrors: { hash: expect.any(String) },
    });
    const body = await t.app.inject({
      method: 'POST',
      url: '/api/dev/sim/beverage-machines',
      payload: { stationId: 1, beverageFamily: 'KAFFI\u0000' },
    });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toMatchObject({ fieldErrors: { beverageFamily: expect.any(String) } });
  });

  it('takes no body at all where the body is optional', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { requestBody?: { required?: boolean } }>>;
    }>();
    const optional = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op.requestBody && op.requestBody.required !== true)
        .map(([method]) => ({ method: method.toUpperCase(), path })),
    );
    expect(optional.map((o) => o.path)).toContain('/api/installation-invitations/{id}/accept');
    const refused: string[] = [];
    for (const { method, path } of optional) {
      const url = path.replace(/\{(\w+)\}/g, (_all, name: string) => plainOf(name));
      const res = await t.app.inject({
        method: method as 'POST',
        url,
        headers: { authorization: `Bearer ${path.startsWith('/api/admin') ? operator : user}` },
      });
      const body = res.json<{ fieldErrors?: Record<string, string> }>();
      if (res.statusCode === 400 && body.fieldErrors && '_' in body.fieldErrors)
        refused.push(`${method} ${path}`);
    }
    expect(refused).toEqual([]);
  });
});
