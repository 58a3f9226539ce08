import { randomUUID } from 'node:crypto';
import type { Locale, PushKind, StationTransaction } from '@stod/domain';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { ForecourtSim } from '../integrations/forecourt/sim.ts';
import { bearer, lastMailTo } from './app.ts';
import { boot16, chargeOf, openAndStart, registerCharger, scriptedCharger } from './chargers.ts';
import { pushesTo, registerDevice, sendQueued, type OutboxMessage } from './push.ts';
import { until } from './stations.ts';

/** How a test user stands towards pushes: a language, a device or none, kinds switched off. */
export interface PushSetup {
  locale?: Locale;
  device?: boolean;
  off?: readonly PushKind[];
}

/** Saves the user's language, registers an Android device unless told not to, switches kinds off. */
export async function pushReady(app: FastifyInstance, token: string, setup: PushSetup = {}) {
  if (setup.locale) {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/user/locale',
      headers: bearer(token),
      payload: { locale: setup.locale },
    });
    expect(res.statusCode, res.body).toBe(204);
  }
  if (setup.device ?? true) await registerDevice(app, token);
  if (setup.off?.length) {
    const res = await app.inject({
      method: 'PATCH',
      url: '/api/push-notifications/preferences',
      headers: bearer(token),
      payload: Object.fromEntries(setup.off.map((kind) => [kind, false])),
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const kind of setup.off) expect(res.json<Record<string, boolean>>()[kind]).toBe(false);
  }
}

export interface ExpectedPush {
  kind: PushKind;
  title: string;
  body: string;
  url: string;
}

/** The user's pushes of one kind, oldest first. */
export async function pushesOfKind(app: FastifyInstance, email: string, kind: PushKind) {
  return (await pushesTo(app, email)).filter((m) => m.kind === kind).reverse();
}

/**
 * Waits for the push of `expected.kind` to the user, checks that it is the only one of its kind
 * and says what was expected, then sends the queue as the job would and checks it went out
 * through the outbox (an Android device without FCM configured).
 */
export async function expectOnePush(
  app: FastifyInstance,
  email: string,
  expected: ExpectedPush,
): Promise<OutboxMessage> {
  const queued = await until(
    () => pushesOfKind(app, email, expected.kind),
    (items) => items.length > 0,
  );
  expect(queued, expected.kind).toHaveLength(1);
  expect(queued[0]).toMatchObject({ ...expected, platform: 'android' });
  await sendQueued(app);
  const after = await pushesOfKind(app, email, expected.kind);
  expect(after, expected.kind).toHaveLength(1);
  expect(after[0]).toMatchObject({ ...expected, state: 'sent', provider: 'outbox' });
  return after[0] as OutboxMessage;
}

/** Nothing in the push outbox for the user, neither queued nor after the queue was sent. */
export async function expectNoPush(app: FastifyInstance, email: string) {
  expect(await pushesTo(app, email)).toEqual([]);
  await sendQueued(app);
  expect(await pushesTo(app, email)).toEqual([]);
}

// ---------------------------------------------------------------------------------------------
// The events, driven as the modules' own tests drive them.

interface Payer {
  token: string;
  email: string;
  cardId: string;
}

/** Minutes a little in the past, one apart, so every reading is in order. */
const minute = (n: number) => new Date(Date.now() - 30 * 60_000 + n * 60_000).toISOString();

/**
 * A charge over OCPP 1.6J at a new public charger: 10 kWh at 3,50 kr. a kWh, during which the
 * charger reports Faulted twice, and then its stop twice. Answers the completed charge.
 */
export async function faultedCharge(app: FastifyInstance, ocppUrl: string, user: Payer) {
  const charger = await registerCharger(app, { tariff: { type: 'kWh', price: 350 } });
  const station = await scriptedCharger(ocppUrl, charger.identity);
  try {
    await boot16(station);
    const { charge, idTag } = await openAndStart(app, station, user, charger);
    const tx = await station.call('StartTransaction', {
      connectorId: 1,
      idTag,
      meterStart: 1000,
      timestamp: minute(0),
    });
    const transactionId = tx.transactionId as number;
    const fault = {
      connectorId: 1,
      errorCode: 'GroundFailure',
      status: 'Faulted',
      timestamp: new Date().toISOString(),
    };
    await station.call('StatusNotification', fault);
    await station.call('StatusNotification', fault);
    const stop = { transactionId, meterStop: 11_000, timestamp: minute(1), reason: 'Other' };
    await station.call('StopTransaction', stop);
    await station.call('StopTransaction', stop);
    const done = await until(
      () => chargeOf(app, user.token, charge.id),
      (c) => c.state === 'completed',
    );
    expect(done).toMatchObject({ kwh: 10, amount: 35_00, captured: 35_00 });
    expect(done.receiptId).not.toBeNull();
    return { charger, done, installationName: `Heima ${charger.identity}` };
  } finally {
    await station.close();
  }
}

export interface FuelStation {
  id: number;
  name: string;
  site: string;
  productId: number;
}

/**
 * As modules/fuel: a refuelling whose pump goes out of reach mid-fill; the customer hangs up
 * and the pump comes back with the sale. Answers the completed refuelling once its receipt
 * e-mail (sent just before the push is announced) is out.
 */
export async function lostConnectionFill(
  app: FastifyInstance,
  station: FuelStation,
  user: Payer,
  pump: number,
  mailSubject: string,
) {
  const sim = app.ctx.forecourt as ForecourtSim;
  const read = async (id: string) =>
    (
      await app.inject({ url: `/api/transactions/${id}`, headers: bearer(user.token) })
    ).json<StationTransaction>();
  const res = await app.inject({
    method: 'POST',
    url: '/api/fuel/transactions',
    headers: { ...bearer(user.token), 'idempotency-key': randomUUID() },
    payload: {
      stationId: station.id,
      pumpNumber: pump,
      productId: station.productId,
      paymentMethodId: user.cardId,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const { id } = res.json<StationTransaction>();
  await sim.lift(station.site, pump);
  await until(
    () => read(id),
    (v) => (v.litres ?? 0) > 0,
  );
  await sim.offline(station.site, pump);
  await until(
    () => read(id),
    (v) => v.connectionLost,
  );
  await sim.hangup(station.site, pump);
  await sim.online(station.site, pump);
  const done = await until(
    () => read(id),
    (v) => v.state === 'completed',
  );
  expect(done.captured).toBe(done.amount);
  expect(done.receiptId).not.toBeNull();
  await until(
    () => lastMailTo(app, user.email),
    (mail) => mail?.subject === mailSubject,
  );
  return done;
}
