import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { bearer, createTestApp, type TestApp } from '../../test/app.ts';
import { listen, newIdentity, registerCharger, scriptedCharger } from '../../test/chargers.ts';
import { until } from '../../test/stations.ts';

let t: TestApp;
let url: string;

beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t.app);
});
afterAll(() => t.close());

/** The HTTP status of a refused upgrade, or 101 when the WebSocket opened. */
function upgradeStatus(identity: string, options: { protocol?: string; auth?: string } = {}) {
  return new Promise<number>((resolve, reject) => {
    const ws = new WebSocket(
      `${url}/${encodeURIComponent(identity)}`,
      options.protocol ?? 'ocpp1.6',
      {
        ...(options.auth ? { headers: { authorization: options.auth } } : {}),
      },
    );
    ws.on('open', () => {
      ws.terminate();
      resolve(101);
    });
    ws.on('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.on('error', (error) => {
      reject(error);
    });
  });
}

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** A raw OCPP-J socket: the test sends frames as text and reads each answer. */
async function rawSocket(identity: string, protocol = 'ocpp1.6') {
  const ws = new WebSocket(`${url}/${identity}`, protocol);
  const frames: unknown[] = [];
  ws.on('message', (data: WebSocket.RawData) => {
    // eslint-disable-next-line @typescript-eslint/no-base-to-string
    const text = data.toString();
    try {
      frames.push(JSON.parse(text));
    } catch {
      frames.push(text);
    }
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => {
      resolve();
    });
    ws.once('error', reject);
  });
  const next = async (count: number) =>
    until(
      () => Promise.resolve(frames),
      (f) => f.length >= count,
    );
  return { ws, frames, next };
}

describe('the OCPP endpoint refuses who it does not know', () => {
  it('answers 404 to an unregistered identity', async () => {
    expect(await upgradeStatus(newIdentity('NOBODY'))).toBe(404);
  });

  it('asks a charger registered with a password for it (HTTP Basic)', async () => {
    const password = 'leyniord-hja-ladara-1';
    const charger = await registerCharger(t.app, { password });
    expect(await upgradeStatus(charger.identity)).toBe(401);
    expect(
      await upgradeStatus(charger.identity, {
        auth: basic(charger.identity, 'rangt-leyniord-123456'),
      }),
    ).toBe(401);
    expect(await upgradeStatus(charger.identity, { auth: basic(charger.identity, password) })).toBe(
      101,
    );
    // The scripted charger's own Basic auth works too.
    const station = await scriptedCharger(url, charger.identity, { password });
    const boot = await station.call('BootNotification', {
      chargePointVendor: 'Test',
      chargePointModel: 'T1',
    });
    expect(boot.status).toBe('Accepted');
    await station.close();
  });
});

describe('OCPP 1.6J messages', () => {
  it('answers a malformed frame with a CALLERROR and keeps the connection', async () => {
    const charger = await registerCharger(t.app);
    const raw = await rawSocket(charger.identity);
    raw.ws.send('this is not json');
    await raw.next(1);
    expect(Array.isArray(raw.frames[0])).toBe(true);
    expect((raw.frames[0] as unknown[])[0]).toBe(4);

    raw.ws.send(JSON.stringify({ not: 'an array' }));
    await raw.next(2);
    expect((raw.frames[1] as unknown[])[0]).toBe(4);

    raw.ws.send(JSON.stringify([2, 'short']));
    await raw.next(3);
    expect((raw.frames[2] as unknown[])[0]).toBe(4);

    // Schema-invalid: BootNotification without chargePointVendor.
    raw.ws.send(JSON.stringify([2, 'bad-boot', 'BootNotification', { chargePointModel: 'T1' }]));
    await raw.next(4);
    const invalid = raw.frames[3] as unknown[];
    expect(invalid[0]).toBe(4);
    expect(invalid[1]).toBe('bad-boot');
    expect([
      'FormationViolation',
      'FormatViolation',
      'PropertyConstraintViolation',
      'OccurenceConstraintViolation',
      'OccurrenceConstraintViolation',
      'TypeConstraintViolation',
    ]).toContain(invalid[2]);

    // Still open: a valid BootNotification is answered Accepted with the interval.
    expect(raw.ws.readyState).toBe(WebSocket.OPEN);
    raw.ws.send(
      JSON.stringify([
        2,
        'good-boot',
        'BootNotification',
        { chargePointVendor: 'Test', chargePointModel: 'T1' },
      ]),
    );
    const frames = await until(
      () => Promise.resolve(raw.frames),
      (f) => f.some((x) => Array.isArray(x) && x[1] === 'good-boot'),
    );
    const boot = frames.find((x) => Array.isArray(x) && x[1] === 'good-boot') as unknown[];
    expect(boot[0]).toBe(3);
    expect(boot[2]).toMatchObject({
      status: 'Accepted',
      interval: t.app.ctx.config.OCPP_HEARTBEAT_SECONDS,
    });
    expect(typeof (boot[2] as { currentTime: unknown }).currentTime).toBe('string');
    raw.ws.terminate();
  });

  it('answers BootNotification Accepted with the interval, and an unknown action NotImplemented', async () => {
    const charger = await registerCharger(t.app);
    const raw = await rawSocket(charger.identity);
    raw.ws.send(
      JSON.stringify([
        2,
        'b1',
        'BootNotification',
        { chargePointVendor: 'Test', chargePointModel: 'T1' },
      ]),
    );
    raw.ws.send(JSON.stringify([2, 'u1', 'NoSuchAction', {}]));
    const frames = await until(
      () => Promise.resolve(raw.frames),
      (f) =>
        f.filter((x) => Array.isArray(x) && ['b1', 'u1'].includes(x[1] as string)).length === 2,
    );
    const boot = frames.find((x) => Array.isArray(x) && x[1] === 'b1') as unknown[];
    expect(boot[0]).toBe(3);
    expect(boot[2]).toMatchObject({ status: 'Accepted', interval: 300 });
    const unknown = frames.find((x) => Array.isArray(x) && x[1] === 'u1') as unknown[];
    expect(unknown[0]).toBe(4);
    expect(unknown[2]).toBe('NotImplemented');
    expect(raw.ws.readyState).toBe(WebSocket.OPEN);
    raw.ws.terminate();
  });

  it('asks a charger that connects without a BootNotification for its statuses', async () => {
    const charger = await registerCharger(t.app);
    const station = await scriptedCharger(url, charger.identity);
    const trigger = await until(
      () => Promise.resolve(station.received.find((r) => r.method === 'TriggerMessage')),
      (r) => r !== undefined,
    );
    expect(trigger?.params.requestedMessage).toBe('StatusNotification');
    await station.close();
  });

  it('does not ask a charger that booted for its statuses', async () => {
    const charger = await registerCharger(t.app);
    const station = await scriptedCharger(url, charger.identity);
    await station.call('BootNotification', { chargePointVendor: 'Test', chargePointModel: 'T1' });
    // A second charger connected later without booting is asked; by then the first would be too.
    const other = await registerCharger(t.app);
    const silent = await scriptedCharger(url, other.identity);
    await until(
      () => Promise.resolve(silent.received.some((r) => r.method === 'TriggerMessage')),
      Boolean,
    );
    expect(station.received.some((r) => r.method === 'TriggerMessage')).toBe(false);
    await station.close();
    await silent.close();
  });

  it('shows the charger online to operators once it connects', async () => {
    const charger = await registerCharger(t.app);
    type Item = { identity: string; online: boolean; vendor: string | null };
    const find = async () => {
      const res = await t.app.inject({
        url: '/api/admin/chargers?offset=0&take=100',
        headers: bearer(charger.operatorToken),
      });
      return res.json<{ items: Item[] }>().items.find((i) => i.identity === charger.identity);
    };
    expect((await find())?.online).toBe(false);
    const station = await scriptedCharger(url, charger.identity);
    await station.call('BootNotification', { chargePointVendor: 'Volta', chargePointModel: 'V2' });
    const online = await until(find, (i) => i?.online === true);
    expect(online?.vendor).toBe('Volta');
    await station.close();
  });
});

describe('OCPP 2.0.1', () => {
  it('connects with subprotocol ocpp2.0.1 and its BootNotification is accepted', async () => {
    const charger = await registerCharger(t.app);
    const station = await scriptedCharger(url, charger.identity, { protocol: 'ocpp2.0.1' });
    expect(station.client.protocol).toBe('ocpp2.0.1');
    const boot = await station.call('BootNotification', {
      reason: 'PowerUp',
      chargingStation: { model: 'T2', vendorName: 'Test' },
    });
    expect(boot).toMatchObject({ status: 'Accepted', interval: 300 });
    const beat = await station.call('Heartbeat', {});
    expect(typeof beat.currentTime).toBe('string');
    await station.close();
  });

  it('refuses a socket offering no OCPP subprotocol', async () => {
    const charger = await registerCharger(t.app);
    const status = await upgradeStatus(charger.identity, { protocol: 'ocpp9.9' }).catch(() => 400);
    expect(status).not.toBe(101);
  });
});
