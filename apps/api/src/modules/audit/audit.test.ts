import { auditChanges } from '@stod/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { registerCharger } from '../../test/chargers.ts';
import { signInAsStaff } from '../../test/staff.ts';
import { until } from '../../test/stations.ts';
import { seedStationNetwork } from '../../seed/index.ts';
import { keptBody, masked } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Entry {
  actorId: string;
  actorRole: string;
  action: string;
  target: Record<string, string>;
  request: unknown;
  status: number;
  reason: string | null;
  requestId: string | null;
}

const meOf = async (token: string) =>
  (await t.app.inject({ url: '/api/admin/me', headers: bearer(token) })).json<{ id: string }>();

async function entries(token: string, query = '') {
  const res = await t.app.inject({
    url: `/api/admin/audit?take=100${query}`,
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: Entry[]; total: number }>();
}

describe('the audit log', () => {
  it('keeps each staff change with who, what, the outcome and the reason, its secrets masked', async () => {
    const operator = await signInAsStaff(t.app, { role: 'operator' });
    const { id: actorId } = await meOf(operator);
    const holder = await registerUser(t.app);
    const tag = `AUD${String(Date.now() % 1e8)}`;
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/id-tags/${tag}`,
      headers: {
        ...bearer(operator),
        'x-audit-reason': encodeURIComponent('Kortið handað við borðið í Tórshavn'),
      },
      payload: { email: holder.email, status: 'Accepted' },
    });
    expect(put.statusCode, put.body).toBe(201);
    const charger = await registerCharger(t.app);
    const password = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/chargers/${charger.identity}/password`,
      headers: bearer(operator),
      payload: { password: 'a-brand-new-password-1' },
    });
    expect(password.statusCode, password.body).toBe(200);
    // Refused by validation: kept too, with its status.
    const refused = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/id-tags/${tag}`,
      headers: bearer(operator),
      payload: { status: 'Sideways' },
    });
    expect(refused.statusCode).toBe(400);

    const mine = await until(
      () => entries(operator, `&actorId=${actorId}`),
      (page) => page.total >= 3,
    );
    expect(mine.items.map((e) => [e.action, e.status])).toEqual([
      ['PUT /api/admin/id-tags/:idTag', 400],
      ['PUT /api/admin/chargers/:identity/password', 200],
      ['PUT /api/admin/id-tags/:idTag', 201],
    ]);
    const [, changed, created] = mine.items;
    expect(created).toMatchObject({
      actorId,
      actorRole: 'operator',
      target: { idTag: tag },
      request: { email: holder.email, status: 'Accepted' },
      reason: 'Kortið handað við borðið í Tórshavn',
    });
    expect(created?.requestId).toBe(put.headers['x-request-id']);
    expect(changed?.request).toEqual({ password: '••••••' });
    expect(JSON.stringify(mine.items)).not.toContain('a-brand-new-password-1');

    // Narrowed by action and by time.
    const byAction = await entries(
      operator,
      `&actorId=${actorId}&action=${encodeURIComponent('PUT /api/admin/chargers/:identity/password')}`,
    );
    expect(byAction.total).toBe(1);
    const later = await entries(
      operator,
      `&actorId=${actorId}&from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`,
    );
    expect(later.total).toBe(0);
    // A page past the end is empty and still counts them all.
    const mineAll = await entries(operator, `&actorId=${actorId}`);
    const past = await entries(operator, `&actorId=${actorId}&offset=${String(mineAll.total)}`);
    expect(past).toMatchObject({ items: [], total: mineAll.total });
  });

  it('shows a route’s number as the address wrote it (a station’s id)', async () => {
    await seedStationNetwork(t.app.ctx.db);
    const operator = await signInAsStaff(t.app, { role: 'operator' });
    const patched = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/stations/1',
      headers: bearer(operator),
      payload: { kitchenPaused: false },
    });
    expect(patched.statusCode).toBe(200);
    const page = await until(
      () => entries(operator, `&action=${encodeURIComponent('PATCH /api/admin/stations/:id')}`),
      (p) => p.items.length > 0,
    );
    expect(page.items[0]?.target).toEqual({ id: '1' });
  });

  it('keeps what an edit changed, before and after, and never a voucher code it issued', async () => {
    // The stations are seeded by the test before.
    const operator = await signInAsStaff(t.app, { role: 'operator' });
    const { id: actorId } = await meOf(operator);
    const pause = (kitchenPaused: boolean) =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/admin/stations/2',
        headers: bearer(operator),
        payload: { kitchenPaused },
      });
    expect((await pause(true)).statusCode).toBe(200);
    const issued = await t.app.inject({
      method: 'POST',
      url: '/api/admin/vouchers',
      headers: bearer(operator),
      payload: {
        kind: 'value',
        name: 'Jólagáva',
        amount: 10_000,
        codeType: 'pin',
        expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
        count: 2,
      },
    });
    expect(issued.statusCode, issued.body).toBe(201);
    await pause(false);
    // Each entry is written once its answer has gone, so wait for the three rows themselves (the
    // page's count may already see one its rows did not) and tell them apart by what they hold.
    const page = await until(
      () => entries(operator, `&actorId=${actorId}`),
      (p) => p.items.length >= 3,
    );
    const kept = page.items as (Entry & { before: unknown; after: unknown })[];
    const pausedTo = (value: boolean) =>
      kept.find(
        (entry) =>
          entry.action === 'PATCH /api/admin/stations/:id' &&
          (entry.after as { kitchenPaused?: boolean } | null)?.kitchenPaused === value,
      );
    const paused = pausedTo(true);
    const resumed = pausedTo(false);
    const vouchers = kept.find((entry) => entry.action === 'POST /api/admin/vouchers');
    expect(paused?.before).toMatchObject({ id: 2, kitchenPaused: false });
    expect(paused?.after).toMatchObject({ id: 2, kitchenPaused: true });
    expect(auditChanges(paused?.before, paused?.after)).toEqual([
      { field: 'kitchenPaused', before: false, after: true },
    ]);
    expect(auditChanges(resumed?.before, resumed?.after)).toEqual([
      { field: 'kitchenPaused', before: true, after: false },
    ]);
    expect(vouchers).toMatchObject({ before: null, after: { issued: 2 } });
    for (const { code } of issued.json<{ items: { code: string }[] }>().items)
      expect(JSON.stringify(page.items)).not.toContain(code);
  });

  it('keeps no after for a refused change', async () => {
    const operator = await signInAsStaff(t.app, { role: 'operator' });
    const { id: actorId } = await meOf(operator);
    await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/stations/999999',
      headers: bearer(operator),
      payload: { kitchenPaused: true },
    });
    const page = await until(
      () => entries(operator, `&actorId=${actorId}`),
      (p) => p.total >= 1,
    );
    expect(page.items[0]).toMatchObject({ status: 404, before: null, after: null });
    // Refused after the object was read (an operator cannot disable themselves): nothing either.
    const self = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/staff/${actorId}`,
      headers: bearer(operator),
      payload: { disabled: true },
    });
    expect(self.statusCode).toBe(409);
    const refused = await until(
      () => entries(operator, `&actorId=${actorId}`),
      (p) => p.total >= 2,
    );
    expect(refused.items[0]).toMatchObject({ status: 409, before: null, after: null });
  });

  it('keeps no reads, and nothing of a caller who is not staff', async () => {
    const operator = await signInAsStaff(t.app, { role: 'operator' });
    const customer = await registerUser(t.app);
    const before = (await entries(operator)).total;
    await t.app.inject({ url: '/api/admin/chargers', headers: bearer(operator) });
    const denied = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/id-tags/NOT-YOURS-1',
      headers: bearer(customer.token),
      payload: { status: 'Blocked' },
    });
    expect(denied.statusCode).toBe(403);
    // A change that is kept, to know the hooks have run.
    const kitchen = await signInAsStaff(t.app, { role: 'kitchen' });
    const { id: kitchenId } = await meOf(kitchen);
    await t.app.inject({
      method: 'POST',
      url: '/api/kitchen/orders/00000000-0000-4000-8000-000000000000/accept',
      headers: bearer(kitchen),
      payload: { readyInMinutes: 10 },
    });
    const after = await until(
      () => entries(operator),
      (page) => page.items.some((e) => e.actorId === kitchenId),
    );
    expect(after.total).toBe(before + 1);
    expect(after.items[0]).toMatchObject({
      actorRole: 'kitchen',
      action: 'POST /api/kitchen/orders/:id/accept',
    });
  });

  it('is read by operators only, and checks its filters', async () => {
    const customer = await registerUser(t.app);
    const station = await signInAsStaff(t.app, { role: 'station' });
    expect((await t.app.inject({ url: '/api/admin/audit' })).statusCode).toBe(401);
    for (const token of [customer.token, station]) {
      const res = await t.app.inject({ url: '/api/admin/audit', headers: bearer(token) });
      expect(res.statusCode).toBe(403);
    }
    const operator = await signInAsStaff(t.app, { role: 'operator' });
    for (const bad of [
      'actorId=nobody',
      'from=yesterday',
      'take=1000',
      `action=${'x'.repeat(201)}`,
    ]) {
      const res = await t.app.inject({ url: `/api/admin/audit?${bad}`, headers: bearer(operator) });
      expect(res.statusCode, bad).toBe(400);
    }
  });

  it('cannot be changed or emptied, even from inside', async () => {
    const operator = await signInAsStaff(t.app, { role: 'operator' });
    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/id-tags/NO-HOLDER-1',
      headers: bearer(operator),
      payload: { status: 'Accepted' },
    });
    await until(
      () => entries(operator),
      (page) => page.total > 0,
    );
    await expect(
      t.app.ctx.db.execute(sql`update audit_log set reason = 'edited'`),
    ).rejects.toThrow();
    await expect(t.app.ctx.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    await expect(t.app.ctx.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    expect((await entries(operator)).items.every((e) => e.reason !== 'edited')).toBe(true);
  });
});

describe('masking', () => {
  it('hides what a secret field holds, a VPN key, a URL’s password, and what lies too deep', () => {
    expect(
      masked({
        password: { current: 'a', next: 'b' },
        connectionData: { vpn: { key: 'k', server: 'vpn.example' }, apn: { simPin: 1234 } },
        location: 'ftp://user:hunter2@files.example/fw.bin',
        idToken: { idToken: 'ABC123', type: 'ISO14443' },
        deep: { a: { b: { c: { d: { e: { f: { g: { h: { i: 'x' } } } } } } } } },
      }),
    ).toEqual({
      password: '••••••',
      connectionData: { vpn: { key: '••••••', server: 'vpn.example' }, apn: { simPin: '••••••' } },
      location: 'ftp://••••••@files.example/fw.bin',
      idToken: { idToken: 'ABC123', type: 'ISO14443' },
      deep: { a: { b: { c: { d: { e: { f: { g: '••••••' } } } } } } },
    });
    // Measured before it is walked when no length was given.
    const chargers = Array.from({ length: 2000 }, (_, i) => ({ identity: `C-${String(i)}` }));
    expect(keptBody({ chargers }, null)).toMatchObject({ truncated: true });
  });

  it('hides passwords, PINs and OCPP settings that name a secret', () => {
    expect(
      masked({
        password: 'p',
        card: { pin: '1234', number: '4242' },
        key: 'AuthorizationKey',
        value: 'hidden',
        setVariableData: [
          { variable: { name: 'BasicAuthPassword' }, attributeValue: 'also hidden' },
          { variable: { name: 'HeartbeatInterval' }, attributeValue: '60' },
        ],
      }),
    ).toEqual({
      password: '••••••',
      card: { pin: '••••••', number: '4242' },
      key: 'AuthorizationKey',
      value: '••••••',
      setVariableData: [
        { variable: { name: 'BasicAuthPassword' }, attributeValue: '••••••' },
        { variable: { name: 'HeartbeatInterval' }, attributeValue: '60' },
      ],
    });
  });

  it('counts a picture’s bytes and measures a large body, walking neither', () => {
    expect(keptBody(Buffer.alloc(2_000_000), 2_000_000)).toEqual({
      binary: true,
      bytes: 2_000_000,
    });
    const chargers = Array.from({ length: 5000 }, (_, i) => ({ identity: `C-${String(i)}` }));
    expect(keptBody({ chargers }, 150_000)).toEqual({ truncated: true, bytes: 150_000 });
    expect(keptBody({ status: 'Accepted' }, 21)).toEqual({ status: 'Accepted' });
    expect(keptBody(undefined, null)).toBeNull();
  });
});
