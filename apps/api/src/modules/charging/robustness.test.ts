import type { Charge } from '@stod/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkChargingBooks } from '../../test/charging-books.ts';
import { chargers } from '../../db/schema/index.ts';
import { bearer, createTestApp, type TestApp } from '../../test/app.ts';
import {
  boot16,
  boot201,
  chargeOf,
  listen,
  meter16,
  meter201,
  openAndStart,
  registerCharger,
  scriptedCharger,
} from '../../test/chargers.ts';
import { cardCustomer, openHolds, until } from '../../test/stations.ts';
import { reconcileCharges } from './reconcile.ts';

let t: TestApp;
let url: string;

beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t.app);
});
// The books, after everything this file did: every finished charge that delivered energy settled
// once, no hold outliving its charge (some tests leave a charge open on purpose).
afterAll(async () => {
  const problems = await checkChargingBooks(t.app.ctx.db, { openAllowed: true });
  await t.close();
  expect(problems).toEqual([]);
});

/** Times a few minutes back, one a minute, so every reading is in order unless a test says. */
const minute = (n: number) => new Date(Date.now() - 30 * 60_000 + n * 60_000);

/** A public 1.6J charger, booted, with a customer's charge running on connector 1 from 1000 Wh. */
async function running16(
  tariff: { type: 'kWh' | 'min'; price: number } = { type: 'kWh', price: 350 },
) {
  const charger = await registerCharger(t.app, { tariff });
  const station = await scriptedCharger(url, charger.identity);
  await boot16(station);
  const user = await cardCustomer(t.app);
  const { charge, idTag } = await openAndStart(t.app, station, user, charger);
  const start = { connectorId: 1, idTag, meterStart: 1000, timestamp: minute(0).toISOString() };
  const tx = await station.call('StartTransaction', start);
  const transactionId = tx.transactionId as number;
  return { charger, station, user, charge, idTag, start, transactionId };
}

const waitFor = (token: string, id: string, done: (c: Charge) => boolean) =>
  until(() => chargeOf(t.app, token, id), done);

describe('OCPP 1.6J: what a charger repeats, loses or sends late', () => {
  it('answers a repeated StartTransaction with the same transactionId', async () => {
    const r = await running16();
    const again = await r.station.call('StartTransaction', r.start);
    expect(again.transactionId).toBe(r.transactionId);
    expect((again.idTagInfo as { status: string }).status).toBe('Accepted');
    const charge = await chargeOf(t.app, r.user.token, r.charge.id);
    expect(charge.state).toBe('charging');
    await r.station.close();
  });

  it('accepts a StopTransaction for an unknown transaction and changes nothing', async () => {
    const r = await running16();
    await r.station.call('MeterValues', meter16(r.transactionId, 4000, 7000, minute(1)));
    await waitFor(r.user.token, r.charge.id, (c) => c.kwh === 3);
    const stop = await r.station.call('StopTransaction', {
      transactionId: r.transactionId + 987_654,
      meterStop: 90_000,
      timestamp: minute(2).toISOString(),
    });
    // Taken; it named no tag, so there is no standing to tell (idTagInfo is optional).
    expect(stop).toEqual({});
    const charge = await chargeOf(t.app, r.user.token, r.charge.id);
    expect(charge.state).toBe('charging');
    expect(charge.kwh).toBe(3);
    expect(charge.receiptId).toBeNull();
    await r.station.close();
  });

  it('never lowers the energy for an older reading, and never changes it after the stop', async () => {
    const r = await running16();
    await r.station.call('MeterValues', meter16(r.transactionId, 6000, 11_000, minute(5)));
    await waitFor(r.user.token, r.charge.id, (c) => c.kwh === 5);
    // An older reading arrives late.
    await r.station.call('MeterValues', meter16(r.transactionId, 3000, 11_000, minute(2)));
    expect((await chargeOf(t.app, r.user.token, r.charge.id)).kwh).toBe(5);

    await r.station.call('StopTransaction', {
      transactionId: r.transactionId,
      meterStop: 8000,
      timestamp: minute(6).toISOString(),
      reason: 'Local',
    });
    const done = await waitFor(r.user.token, r.charge.id, (c) => c.state === 'completed');
    expect(done.kwh).toBe(7);
    expect(done.amount).toBe(24_50);
    await r.station.call('MeterValues', meter16(r.transactionId, 20_000, 11_000, minute(7)));
    await r.station.call('StopTransaction', {
      transactionId: r.transactionId,
      meterStop: 30_000,
      timestamp: minute(8).toISOString(),
    });
    const after = await chargeOf(t.app, r.user.token, r.charge.id);
    expect(after.kwh).toBe(7);
    expect(after.amount).toBe(24_50);
    expect(after.receiptId).toBe(done.receiptId);
    await r.station.close();
  });

  it('closes and settles a charge at its last reading when the charger reboots', async () => {
    const r = await running16();
    await r.station.call('MeterValues', meter16(r.transactionId, 5000, 11_000, minute(3)));
    await waitFor(r.user.token, r.charge.id, (c) => c.kwh === 4);
    await r.station.call('BootNotification', { chargePointVendor: 'Test', chargePointModel: 'T1' });
    const done = await waitFor(r.user.token, r.charge.id, (c) => c.state === 'completed');
    expect(done.kwh).toBe(4);
    expect(done.amount).toBe(14_00);
    expect(done.receiptId).not.toBeNull();
    expect(done.captured).toBe(14_00);
    expect(done.released).toBe(done.held - done.captured);
    expect(done.held).toBe(300_00);
    expect(await openHolds(t.app.ctx.db, r.user.id)).toBe(0);
    await r.station.close();
  });

  it.each(['Charging', 'Faulted'])(
    'refuses a start on a %s connector with 409 before any RemoteStartTransaction',
    async (status) => {
      const charger = await registerCharger(t.app);
      const station = await scriptedCharger(url, charger.identity);
      await boot16(station);
      const user = await cardCustomer(t.app);
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/charges',
        headers: { ...bearer(user.token), 'idempotency-key': crypto.randomUUID() },
        payload: {
          installationId: charger.installationId,
          chargerId: charger.id,
          connectorId: 1,
          paymentMethodId: user.cardId,
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      await station.call('StatusNotification', {
        connectorId: 1,
        errorCode: status === 'Faulted' ? 'GroundFailure' : 'NoError',
        status,
        timestamp: new Date().toISOString(),
      });
      const start = await t.app.inject({
        method: 'POST',
        url: `/api/charges/${created.json<Charge>().id}/start`,
        headers: bearer(user.token),
      });
      expect(start.statusCode, start.body).toBe(409);
      expect(start.json()).toMatchObject({ code: 'CHARGER_UNAVAILABLE' });
      expect(station.received.some((m) => m.method === 'RemoteStartTransaction')).toBe(false);
      const charge = await chargeOf(t.app, user.token, created.json<Charge>().id);
      expect(charge.state).toBe('ready');
      await station.close();
    },
  );

  it('closes the charge of a charger offline past CHARGER_OFFLINE_CLOSE_MINUTES', async () => {
    const r = await running16();
    await r.station.call('MeterValues', meter16(r.transactionId, 3500, 7000, minute(4)));
    await waitFor(r.user.token, r.charge.id, (c) => c.kwh === 2.5);
    await r.station.close();
    await until(
      async () =>
        (await t.app.ctx.db.select().from(chargers).where(eq(chargers.id, r.charger.id)))[0],
      (c) => c?.connected === false,
    );
    // Still within the limit: nothing happens.
    await reconcileCharges(t.app.ctx);
    expect((await chargeOf(t.app, r.user.token, r.charge.id)).state).toBe('charging');

    const limit = t.app.ctx.config.CHARGER_OFFLINE_CLOSE_MINUTES;
    await t.app.ctx.db
      .update(chargers)
      .set({ lastSeenAt: new Date(Date.now() - (limit + 5) * 60_000) })
      .where(eq(chargers.id, r.charger.id));
    await reconcileCharges(t.app.ctx);
    const done = await waitFor(r.user.token, r.charge.id, (c) => c.state === 'completed');
    expect(done.kwh).toBe(2.5);
    expect(done.amount).toBe(8_75);
    expect(done.errorKey).toBe('error.chargerOffline');
    expect(done.receiptId).not.toBeNull();
    expect(await openHolds(t.app.ctx.db, r.user.id)).toBe(0);
  });
});

describe('OCPP 2.0.1: a charge through TransactionEvent', () => {
  it('starts by RequestStartTransaction, meters, ends, and ignores a late offline Ended', async () => {
    const charger = await registerCharger(t.app, { tariff: { type: 'kWh', price: 400 } });
    const station = await scriptedCharger(url, charger.identity, { protocol: 'ocpp2.0.1' });
    await boot201(station);
    const user = await cardCustomer(t.app);
    const { charge, idTag, remote } = await openAndStart(t.app, station, user, charger);
    expect(remote.method).toBe('RequestStartTransaction');
    expect(remote.params).toMatchObject({
      evseId: 1,
      idToken: { idToken: idTag, type: 'Central' },
    });
    const remoteStartId = remote.params.remoteStartId as number;
    const transactionId = `TX-${crypto.randomUUID().slice(0, 8)}`;
    const event = (
      eventType: 'Started' | 'Updated' | 'Ended',
      seqNo: number,
      at: Date,
      wh: number,
      extra: Record<string, unknown> = {},
    ) =>
      station.call('TransactionEvent', {
        eventType,
        timestamp: at.toISOString(),
        triggerReason:
          eventType === 'Started'
            ? 'RemoteStart'
            : eventType === 'Ended'
              ? 'RemoteStop'
              : 'MeterValuePeriodic',
        seqNo,
        transactionInfo: {
          transactionId,
          ...(eventType === 'Started' ? { remoteStartId } : {}),
          ...(eventType === 'Ended' ? { stoppedReason: 'Remote' } : {}),
        },
        ...(eventType === 'Started' ? { idToken: { idToken: idTag, type: 'Central' } } : {}),
        evse: { id: 1, connectorId: 1 },
        meterValue: meter201(wh, 11_000, at),
        ...extra,
      });
    const started = await event('Started', 0, minute(0), 2000);
    expect(started).toEqual({ idTokenInfo: { status: 'Accepted' } });
    await waitFor(user.token, charge.id, (c) => c.state === 'charging');
    // A repeated Started answers the same and starts nothing new.
    expect(await event('Started', 0, minute(0), 2000)).toEqual({
      idTokenInfo: { status: 'Accepted' },
    });
    await event('Updated', 1, minute(5), 7000);
    const live = await waitFor(user.token, charge.id, (c) => c.kwh === 5);
    expect(live.powerKw).toBe(11);
    expect(live.amount).toBe(20_00);
    // Older than the reading held: ignored.
    await event('Updated', 2, minute(3), 4000);
    expect((await chargeOf(t.app, user.token, charge.id)).kwh).toBe(5);

    const stop = await t.app.inject({
      method: 'POST',
      url: `/api/charges/${charge.id}/stop`,
      headers: bearer(user.token),
    });
    expect(stop.statusCode, stop.body).toBe(200);
    const requested = station.received.find((m) => m.method === 'RequestStopTransaction');
    expect(requested?.params).toEqual({ transactionId });
    await event('Ended', 3, minute(8), 10_000);
    const done = await waitFor(user.token, charge.id, (c) => c.state === 'completed');
    expect(done.kwh).toBe(8);
    expect(done.amount).toBe(32_00);
    expect(done.captured + done.released).toBe(300_00);
    expect(await openHolds(t.app.ctx.db, user.id)).toBe(0);

    // The charger was offline and sends its Ended again late, with a higher register.
    await event('Ended', 4, minute(12), 25_000, { offline: true });
    await event('Updated', 5, minute(13), 30_000, { offline: true });
    const after = await chargeOf(t.app, user.token, charge.id);
    expect(after.kwh).toBe(8);
    expect(after.amount).toBe(32_00);
    expect(after.receiptId).toBe(done.receiptId);
    await station.close();
  });

  it('closes a 2.0.1 charge at its last reading when the station reboots', async () => {
    const charger = await registerCharger(t.app);
    const station = await scriptedCharger(url, charger.identity, { protocol: 'ocpp2.0.1' });
    await boot201(station);
    const user = await cardCustomer(t.app);
    const { charge, idTag } = await openAndStart(t.app, station, user, charger);
    const transactionId = `TX-${crypto.randomUUID().slice(0, 8)}`;
    await station.call('TransactionEvent', {
      eventType: 'Started',
      timestamp: minute(0).toISOString(),
      triggerReason: 'RemoteStart',
      seqNo: 0,
      transactionInfo: { transactionId },
      idToken: { idToken: idTag, type: 'Central' },
      evse: { id: 1, connectorId: 1 },
      meterValue: meter201(0, 0, minute(0)),
    });
    await station.call('TransactionEvent', {
      eventType: 'Updated',
      timestamp: minute(2).toISOString(),
      triggerReason: 'MeterValuePeriodic',
      seqNo: 1,
      transactionInfo: { transactionId },
      meterValue: meter201(2000, 11_000, minute(2)),
    });
    await waitFor(user.token, charge.id, (c) => c.kwh === 2);
    await station.call('BootNotification', {
      reason: 'PowerUp',
      chargingStation: { model: 'T2', vendorName: 'Test' },
    });
    const done = await waitFor(user.token, charge.id, (c) => c.state === 'completed');
    expect(done.kwh).toBe(2);
    expect(done.amount).toBe(7_00);
    expect(await openHolds(t.app.ctx.db, user.id)).toBe(0);
    await station.close();
  });
});
