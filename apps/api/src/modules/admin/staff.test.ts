import type { StaffAccount } from '@stod/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stations } from '../../db/schema/index.ts';
import { seedStationNetwork } from '../../seed/index.ts';
import {
  bearer,
  createTestApp,
  lastMailTo,
  registerUser,
  twoProcessesKeepingSessions,
  signIn,
  uniqueEmail,
  type TestApp,
} from '../../test/app.ts';
import { signInAsStaff } from '../../test/staff.ts';
import { until } from '../../test/stations.ts';

let t: TestApp;
let operator: string;
let stationIds: number[];
beforeAll(async () => {
  t = await createTestApp();
  await seedStationNetwork(t.app.ctx.db);
  stationIds = (await t.app.ctx.db.select({ id: stations.id }).from(stations).limit(3)).map(
    (r) => r.id,
  );
  operator = await signInAsStaff(t.app, { role: 'operator' });
});
afterAll(() => t.close());

const create = (body: Record<string, unknown>, token = operator) =>
  t.app.inject({ method: 'POST', url: '/api/admin/staff', headers: bearer(token), payload: body });
const patch = (id: string, body: Record<string, unknown>, token = operator) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/admin/staff/${id}`,
    headers: bearer(token),
    payload: body,
  });
const me = (app: FastifyInstance, token: string) =>
  app.inject({ url: '/api/admin/me', headers: bearer(token) });

/** Follows the invitation mail's link and chooses a password; answers a signed-in token. */
async function acceptInvitation(email: string, password = 'nytt-loyniord-1') {
  const mail = await lastMailTo(t.app, email);
  const token = /reset-password\?token=(\S+)/.exec(mail?.text ?? '')?.[1];
  expect(token, 'the invitation carries a link').toBeTruthy();
  const set = await t.app.inject({
    method: 'POST',
    url: '/api/user/reset-password',
    payload: { token, password },
  });
  expect(set.statusCode).toBe(204);
  const res = await signIn(t.app, email, password);
  expect(res.statusCode).toBe(200);
  return res.json<{ access_token: string }>().access_token;
}

describe('POST /api/admin/staff', () => {
  it('creates a station manager, who is mailed an invitation and then sees only their station', async () => {
    const email = uniqueEmail('manager');
    const res = await create({
      email: email.toUpperCase(),
      name: 'Jógvan á Lakjuni',
      role: 'station',
      stationIds: [stationIds[1]],
    });
    expect(res.statusCode).toBe(201);
    const account = res.json<StaffAccount>();
    expect(account).toMatchObject({
      email,
      role: 'station',
      stationIds: [stationIds[1]],
      passwordSet: false,
      disabledAt: null,
      lastActiveAt: null,
    });
    // No password yet: nothing signs in until the link is followed.
    expect((await signIn(t.app, email, 'nytt-loyniord-1')).statusCode).toBe(401);
    const mail = await lastMailTo(t.app, email);
    expect(mail?.subject).toBe('Tú hevur fingið atgongd til Støð-stýrið');
    expect(mail?.text).toContain('/console/');

    const token = await acceptInvitation(email);
    expect((await me(t.app, token)).json()).toMatchObject({
      role: 'station',
      stationIds: [stationIds[1]],
    });
    const list = await t.app.inject({ url: '/api/admin/stations', headers: bearer(token) });
    expect(list.json<{ items: { id: number }[] }>().items.map((s) => s.id)).toEqual([
      stationIds[1],
    ]);
    const other = await t.app.inject({
      url: `/api/admin/stations/${stationIds[0]}`,
      headers: bearer(token),
    });
    expect(other.statusCode).toBe(404);

    const shown = await t.app.inject({
      url: `/api/admin/staff/${account.id}`,
      headers: bearer(operator),
    });
    expect(shown.json<StaffAccount>()).toMatchObject({ passwordSet: true });
    expect(shown.json<StaffAccount>().lastActiveAt).not.toBeNull();
  });

  it('writes the invitation in English when asked', async () => {
    const email = uniqueEmail('support');
    expect(
      (await create({ email, name: 'Ann Support', role: 'support', locale: 'en' })).statusCode,
    ).toBe(201);
    expect((await lastMailTo(t.app, email))?.subject).toBe('You have access to the Støð console');
  });

  it('refuses bad input on its field and changes nothing', async () => {
    const email = uniqueEmail('bad');
    const cases: [Record<string, unknown>, string][] = [
      [{ email, name: 'Anna', role: 'station' }, 'stationIds'],
      [{ email, name: 'Anna', role: 'kitchen', stationIds: [] }, 'stationIds'],
      [{ email, name: 'Anna', role: 'station', stationIds: [987_654] }, 'stationIds'],
      [{ email, name: 'Anna', role: 'operator', stationIds: [stationIds[0]] }, 'stationIds'],
      [{ email: 'not-an-address', name: 'Anna', role: 'operator' }, 'email'],
      [{ email, name: 'A', role: 'operator' }, 'name'],
      [{ email, name: 'Anna', role: 'customer' }, 'role'],
      [{ email, name: 'Anna', role: 'operator', admin: true }, 'admin'],
    ];
    for (const [body, field] of cases) {
      const res = await create(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json<{ fieldErrors: object }>().fieldErrors)).toContain(field);
    }
    const list = await t.app.inject({
      url: `/api/admin/staff?q=${encodeURIComponent(email)}`,
      headers: bearer(operator),
    });
    expect(list.json<{ total: number }>().total).toBe(0);
  });

  it('refuses an address that has an account already, a customer’s too', async () => {
    const customer = await registerUser(t.app);
    const res = await create({ email: customer.email, name: 'Anna', role: 'operator' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'EMAIL_TAKEN',
      fieldErrors: { email: expect.any(String) },
    });
    // The customer's account is not made staff.
    expect((await me(t.app, customer.token)).statusCode).toBe(403);
  });
});

describe('GET /api/admin/staff', () => {
  it('finds by name or address and narrows by role', async () => {
    const email = uniqueEmail('leita');
    await create({
      email,
      name: 'Hjørdis Leitisdóttir',
      role: 'kitchen',
      stationIds: [stationIds[0]],
    });
    const byName = await t.app.inject({
      url: `/api/admin/staff?q=${encodeURIComponent('leitisdó')}`,
      headers: bearer(operator),
    });
    expect(byName.json<{ items: StaffAccount[] }>().items.map((a) => a.email)).toEqual([email]);
    const byRole = await t.app.inject({
      url: '/api/admin/staff?role=kitchen&take=100',
      headers: bearer(operator),
    });
    const roles = byRole.json<{ items: StaffAccount[] }>().items.map((a) => a.role);
    expect(roles.length).toBeGreaterThan(0);
    expect(new Set(roles)).toEqual(new Set(['kitchen']));
    // A customer is not staff, and the percent sign is a letter, not a wildcard.
    const customer = await registerUser(t.app);
    const none = await t.app.inject({
      url: `/api/admin/staff?q=${encodeURIComponent(customer.email)}`,
      headers: bearer(operator),
    });
    expect(none.json<{ total: number }>().total).toBe(0);
    const wild = await t.app.inject({ url: '/api/admin/staff?q=%25', headers: bearer(operator) });
    expect(wild.json<{ total: number }>().total).toBe(0);
  });

  it('refuses a bad filter', async () => {
    for (const query of ['role=customer', 'take=0', 'offset=-1']) {
      const res = await t.app.inject({
        url: `/api/admin/staff?${query}`,
        headers: bearer(operator),
      });
      expect(res.statusCode, query).toBe(400);
    }
  });
});

describe('the staff routes by role', () => {
  it('are the operator’s only: support, station and kitchen staff 403, a customer 403, nobody 401', async () => {
    const target = (
      await create({ email: uniqueEmail('t'), name: 'Target', role: 'support' })
    ).json<StaffAccount>();
    const tokens = [
      await signInAsStaff(t.app, { role: 'support' }),
      await signInAsStaff(t.app, { role: 'station', stationIds: [stationIds[0]!] }),
      await signInAsStaff(t.app, { role: 'kitchen', stationIds: [stationIds[0]!] }),
      (await registerUser(t.app)).token,
    ];
    for (const token of tokens) {
      const calls = [
        t.app.inject({ url: '/api/admin/staff', headers: bearer(token) }),
        t.app.inject({ url: `/api/admin/staff/${target.id}`, headers: bearer(token) }),
        create({ email: uniqueEmail('x'), name: 'X Y', role: 'operator' }, token),
        patch(target.id, { role: 'operator' }, token),
        t.app.inject({
          method: 'POST',
          url: `/api/admin/staff/${target.id}/invitation`,
          headers: bearer(token),
        }),
      ];
      for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(403);
    }
    const anonymous = await t.app.inject({ url: '/api/admin/staff' });
    expect(anonymous.statusCode).toBe(401);
    const after = await t.app.inject({
      url: `/api/admin/staff/${target.id}`,
      headers: bearer(operator),
    });
    expect(after.json<StaffAccount>().role).toBe('support');
  });
});

describe('PATCH /api/admin/staff/{id}', () => {
  async function member(role: 'station' | 'kitchen' | 'support' | 'operator') {
    const email = uniqueEmail(role);
    const res = await create({
      email,
      name: 'Bárður Starvsfólk',
      role,
      stationIds: role === 'station' || role === 'kitchen' ? [stationIds[0]] : [],
    });
    const account = res.json<StaffAccount>();
    return { account, email, token: await acceptInvitation(email) };
  }

  it('moves a member to another role and station, which their session knows at once', async () => {
    const { account, token } = await member('kitchen');
    expect((await me(t.app, token)).json()).toMatchObject({ role: 'kitchen' });
    const res = await patch(account.id, {
      role: 'station',
      stationIds: [stationIds[2], stationIds[1]],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<StaffAccount>()).toMatchObject({
      role: 'station',
      stationIds: [stationIds[1], stationIds[2]].sort((a, b) => a! - b!),
    });
    expect((await me(t.app, token)).json()).toMatchObject({ role: 'station' });
    // To a role without stations: they are let go.
    const support = await patch(account.id, { role: 'support' });
    expect(support.json<StaffAccount>()).toMatchObject({ role: 'support', stationIds: [] });
    expect((await me(t.app, token)).json()).toMatchObject({ role: 'support', stationIds: null });
  });

  it('disables a member: their sessions end at once, sign-in is refused, and enabling lets them in again', async () => {
    const { account, email, token } = await member('station');
    const res = await patch(account.id, { disabled: true });
    expect(res.statusCode).toBe(200);
    expect(res.json<StaffAccount>().disabledAt).not.toBeNull();
    expect((await me(t.app, token)).statusCode).toBe(401);
    const refused = await signIn(t.app, email, 'nytt-loyniord-1');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'ACCOUNT_DISABLED',
      message: 'Henda kontan er stongd. Set teg í samband við okkum.',
    });
    // A wrong password learns nothing of it.
    expect((await signIn(t.app, email, 'skeivt-loyniord')).statusCode).toBe(401);
    // Nor does a reset link reach a disabled account.
    await t.app.inject({ method: 'POST', url: '/api/user/forgotPassword', payload: { email } });
    const again = await patch(account.id, { disabled: false });
    expect(again.json<StaffAccount>().disabledAt).toBeNull();
    expect((await signIn(t.app, email, 'nytt-loyniord-1')).statusCode).toBe(200);
  });

  it('refuses bad changes on their field and changes nothing', async () => {
    const { account } = await member('station');
    const cases: [Record<string, unknown>, number][] = [
      [{}, 400],
      [{ role: 'station', stationIds: [] }, 400],
      [{ role: 'operator', stationIds: [stationIds[0]] }, 400],
      [{ stationIds: [987_654] }, 400],
      [{ disabled: 'yes' }, 400],
      [{ role: 'owner' }, 400],
      [{ email: 'x@example.fo' }, 400],
    ];
    for (const [body, status] of cases) {
      expect((await patch(account.id, body)).statusCode, JSON.stringify(body)).toBe(status);
    }
    const after = await t.app.inject({
      url: `/api/admin/staff/${account.id}`,
      headers: bearer(operator),
    });
    expect(after.json<StaffAccount>()).toMatchObject({
      role: 'station',
      stationIds: [stationIds[0]],
      disabledAt: null,
    });
    const unknown = await patch('00000000-0000-4000-8000-000000000000', { disabled: true });
    expect(unknown.statusCode).toBe(404);
    expect((await patch('not-a-uuid', { disabled: true })).statusCode).toBe(400);
    // A customer's account is no staff account to change.
    const customer = await registerUser(t.app);
    const id = (await t.app.inject({ url: '/api/user/v2', headers: bearer(customer.token) })).json<{
      id: string;
    }>().id;
    expect((await patch(id, { role: 'operator' })).statusCode).toBe(404);
  });

  it('will not let an operator disable themselves or give up their own role', async () => {
    const { account, token } = await member('operator');
    for (const body of [{ disabled: true }, { role: 'support' }]) {
      const res = await patch(account.id, body, token);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'STAFF_SELF' });
    }
    expect((await me(t.app, token)).json()).toMatchObject({ role: 'operator' });
    // Another operator may.
    expect((await patch(account.id, { disabled: true })).statusCode).toBe(200);
  });
});

describe('POST /api/admin/staff/{id}/invitation', () => {
  it('mails the link again until a password is chosen, then refuses', async () => {
    const email = uniqueEmail('again');
    const account = (
      await create({ email, name: 'Rói Aftur', role: 'support' })
    ).json<StaffAccount>();
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/staff/${account.id}/invitation`,
      headers: bearer(operator),
    });
    expect(again.statusCode).toBe(200);
    await acceptInvitation(email);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/admin/staff/${account.id}/invitation`,
      headers: bearer(operator),
    });
    expect(refused.statusCode).toBe(409);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('disabling with two processes on one bus', () => {
  let a: TestApp;
  let b: FastifyInstance;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ a, b, close } = await twoProcessesKeepingSessions(redisUrl ?? ''));
  });
  afterAll(() => close());

  it('ends on the other process the session it keeps, and a new role reaches it too', async () => {
    const ops = await signInAsStaff(a.app, { role: 'operator' });
    const email = uniqueEmail('twin');
    const token = await signInAsStaff(a.app, { role: 'support', email });
    const target = (
      await a.app.inject({
        url: `/api/admin/staff?q=${encodeURIComponent(email)}`,
        headers: bearer(ops),
      })
    ).json<{ items: StaffAccount[] }>().items[0]!;
    expect((await me(b, token)).json()).toMatchObject({ role: 'support' });
    await a.app.inject({
      method: 'PATCH',
      url: `/api/admin/staff/${target.id}`,
      headers: bearer(ops),
      payload: { role: 'operator' },
    });
    const role = await until(
      async () => (await me(b, token)).json<{ role: string }>().role,
      (r) => r === 'operator',
      10_000,
    );
    expect(role).toBe('operator');
    await a.app.inject({
      method: 'PATCH',
      url: `/api/admin/staff/${target.id}`,
      headers: bearer(ops),
      payload: { disabled: true },
    });
    const status = await until(
      async () => (await me(b, token)).statusCode,
      (s) => s === 401,
      10_000,
    );
    expect(status).toBe(401);
  });
});
