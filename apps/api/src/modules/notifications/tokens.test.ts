import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushTokens } from '../../db/schema/index.ts';
import { bearer, createTestApp, registerUser, signIn, type TestApp } from '../../test/app.ts';
import { deviceMeta, registerDevice, webSubscription } from '../../test/push.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (token: string, payload: unknown, locale = 'fo') =>
  t.app.inject({
    method: 'POST',
    url: '/api/push-notifications/tokens',
    headers: { ...bearer(token), 'accept-language': locale },
    payload: payload as Record<string, unknown>,
  });

const devices = async (token: string) =>
  (await t.app.inject({ url: '/api/push-notifications/tokens', headers: bearer(token) })).json<{
    items: { id: string; deviceId: string; platform: string }[];
  }>().items;

const valid = () => ({
  token: 'fcm:abcdefgh12345678',
  deviceId: 'device-1',
  deviceMeta: deviceMeta(),
});

describe('registering a device token', () => {
  it('stores the token for the session, and a repeat for the device replaces it', async () => {
    const { token } = await registerUser(t.app);
    const first = await post(token, valid());
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      deviceId: 'device-1',
      platform: 'android',
      model: 'Pixel 8',
    });
    const again = await post(token, { ...valid(), token: 'fcm:replaced-token-0001' });
    expect(again.statusCode).toBe(201);
    expect(again.json<{ id: string }>().id).toBe(first.json<{ id: string }>().id);
    const rows = await t.app.ctx.db
      .select()
      .from(pushTokens)
      .where(eq(pushTokens.id, first.json<{ id: string }>().id));
    expect(rows.map((r) => r.token)).toEqual(['fcm:replaced-token-0001']);
    expect(await devices(token)).toHaveLength(1);
  });

  it('takes a web push subscription to a browser push service, and refuses any other address', async () => {
    const { token } = await registerUser(t.app);
    const fine = webSubscription('https://fcm.googleapis.com/fcm/send').replace(
      '/api/dev/push-service/',
      '/',
    );
    expect(
      (await post(token, { ...valid(), token: fine, deviceMeta: deviceMeta('web') })).statusCode,
    ).toBe(201);
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/x',
      'https://127.0.0.1/x',
      'https://intranet.example/push',
      'https://fcm.googleapis.com.evil.example/x',
    ]) {
      const sub = JSON.stringify({ ...JSON.parse(fine), endpoint });
      const res = await post(token, {
        ...valid(),
        deviceId: endpoint,
        token: sub,
        deviceMeta: deviceMeta('web'),
      });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json()).toMatchObject({ fieldErrors: { token: 'Virðið er ikki gildigt.' } });
    }
    const notJson = await post(
      token,
      { ...valid(), token: 'not a subscription', deviceMeta: deviceMeta('web') },
      'en',
    );
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toMatchObject({ fieldErrors: { token: 'The value is not valid.' } });
    expect(await devices(token)).toHaveLength(1);
  });

  it('refuses every extra key, wrong types and missing fields, in the caller’s language, storing nothing', async () => {
    const { token } = await registerUser(t.app);
    const cases: [unknown, string][] = [
      [{ ...valid(), extra: 1 }, 'extra'],
      [{ ...valid(), deviceMeta: { ...deviceMeta(), extra: true } }, 'deviceMeta.extra'],
      [{ ...valid(), token: 42 }, 'token'],
      [{ ...valid(), token: '' }, 'token'],
      [{ ...valid(), deviceId: null }, 'deviceId'],
      [{ ...valid(), deviceMeta: { ...deviceMeta(), platform: 'windows' } }, 'deviceMeta.platform'],
      [{ ...valid(), deviceMeta: { ...deviceMeta(), isVirtual: 'no' } }, 'deviceMeta.isVirtual'],
      [
        { ...valid(), deviceMeta: { ...deviceMeta(), osVersion: undefined } },
        'deviceMeta.osVersion',
      ],
      [{ ...valid(), deviceMeta: { ...deviceMeta(), model: 'x'.repeat(101) } }, 'deviceMeta.model'],
      [{ token: 'fcm:abcdefgh12345678', deviceId: 'd' }, 'deviceMeta'],
    ];
    for (const [payload, field] of cases) {
      const res = await post(token, payload);
      expect(res.statusCode, field).toBe(400);
      const body = res.json<{
        code: string;
        fieldErrors?: Record<string, string>;
        message: string;
      }>();
      expect(body.code, field).toBe('VALIDATION');
      expect(Object.keys(body.fieldErrors ?? {}), field).toContain(field);
      expect(body.message).not.toMatch(/zod|stack|at /i);
    }
    expect(await devices(token)).toEqual([]);
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/push-notifications/tokens',
      payload: valid(),
    });
    expect(res.statusCode).toBe(401);
  });

  it('moves a token that another account held on the same phone to the one now signed in', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    await registerDevice(t.app, a.token, { token: 'fcm:shared-phone-token', deviceId: 'phone' });
    await registerDevice(t.app, b.token, { token: 'fcm:shared-phone-token', deviceId: 'phone' });
    expect(await devices(a.token)).toEqual([]);
    expect(await devices(b.token)).toHaveLength(1);
  });
});

describe('removing a device', () => {
  it('removes the caller’s own device; another user’s answers 404 and stays', async () => {
    const owner = await registerUser(t.app);
    const other = await registerUser(t.app);
    const id = await registerDevice(t.app, owner.token);
    const del = (token: string, which: string) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/push-notifications/tokens/${which}`,
        headers: bearer(token),
      });
    expect((await del(other.token, id)).statusCode).toBe(404);
    expect(await devices(owner.token)).toHaveLength(1);
    expect((await del(owner.token, 'not-a-uuid')).statusCode).toBe(400);
    expect((await del(owner.token, id)).statusCode).toBe(204);
    expect(await devices(owner.token)).toEqual([]);
    expect((await del(owner.token, id)).statusCode).toBe(404);
  });

  it('forgets the device of a session that signs out, and keeps the other sessions’ devices', async () => {
    const user = await registerUser(t.app);
    await registerDevice(t.app, user.token, { deviceId: 'first' });
    const second = (await signIn(t.app, user.email, user.password)).json<{ access_token: string }>()
      .access_token;
    await registerDevice(t.app, second, { deviceId: 'second' });
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signOut',
      headers: bearer(second),
    });
    expect(out.statusCode).toBeLessThan(300);
    expect((await devices(user.token)).map((d) => d.deviceId)).toEqual(['first']);
  });

  it('forgets every device of a deleted account', async () => {
    const user = await registerUser(t.app);
    const id = await registerDevice(t.app, user.token);
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/user',
      headers: bearer(user.token),
      payload: { password: user.password },
    });
    expect(res.statusCode).toBeLessThan(300);
    expect(await t.app.ctx.db.select().from(pushTokens).where(eq(pushTokens.id, id))).toEqual([]);
  });
});

describe('the switches of each kind', () => {
  const get = (token: string) =>
    t.app.inject({ url: '/api/push-notifications/preferences', headers: bearer(token) });
  const patch = (token: string, payload: unknown) =>
    t.app.inject({
      method: 'PATCH',
      url: '/api/push-notifications/preferences',
      headers: bearer(token),
      payload: payload as Record<string, unknown>,
    });

  it('has every service message on and offers off until the user opts in', async () => {
    const { token } = await registerUser(t.app);
    expect((await get(token)).json()).toEqual({
      chargeComplete: true,
      chargerFaulted: true,
      foodAccepted: true,
      foodReady: true,
      fuelReceipt: true,
      installationInvitation: true,
      renewalRefused: true,
      offers: false,
    });
    const changed = await patch(token, { offers: true, foodReady: false });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ offers: true, foodReady: false, foodAccepted: true });
    expect((await get(token)).json()).toMatchObject({ offers: true, foodReady: false });
  });

  it('refuses an unknown kind or a value that is not a boolean, changing nothing; one user’s switches are not another’s', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    expect((await patch(a.token, { marketing: true })).statusCode).toBe(400);
    expect((await patch(a.token, { offers: 'yes' })).statusCode).toBe(400);
    expect((await patch(a.token, { offers: true, nope: 1 })).statusCode).toBe(400);
    expect((await get(a.token)).json()).toMatchObject({ offers: false });
    await patch(a.token, { chargeComplete: false });
    expect((await get(b.token)).json()).toMatchObject({ chargeComplete: true });
    expect((await get('')).statusCode).toBe(401);
  });
});

describe('the web push key', () => {
  it('answers the VAPID public key, the same on every call', async () => {
    const first = (await t.app.inject({ url: '/api/push-notifications/web-key' })).json<{
      publicKey: string;
    }>();
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    const again = (await t.app.inject({ url: '/api/push-notifications/web-key' })).json();
    expect(again).toEqual(first);
  });
});
