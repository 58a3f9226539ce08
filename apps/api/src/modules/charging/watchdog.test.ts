import type { Charge, Receipt, Tariff } from '@stod/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, lastMailTo, type TestApp } from '../../test/app.ts';
import { checkChargingBooks } from '../../test/charging-books.ts';
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
import { expectOnePush, pushesOfKind, pushReady } from '../../test/push-events.ts';
import { signInAsStaff } from '../../test/staff.ts';
import { cardCustomer, openHolds, until } from '../../test/stations.ts';
import { reconcileCharges } from './reconcile.ts';

// The zero-energy watchdog: a paid charge whose readings show no energy for
// CHARGE_NO_ENERGY_MINUTES (10 by default) is stopped remotely, billed for what flowed, its
// customer told by push and e-mail, and listed for the operators. Readings carry their own
// times, so a test sends a charge that began half an hour ago and runs the reconciliation.

let t: TestApp;
let url: string;

beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t.app);
});
afterAll(async () => {
  const problems = await checkChargingBooks(t.app.ctx.db);
  await t.close();
  expect(problems).toEqual([]);
});

/** A moment of a charge that began half an hour ago, `n` minutes after its start. */
const minute = (n: number) => new Date(Date.now() - 30 * 60_000 + n * 60_000);

const waitFor = (token: string, id: string, done: (c: Charge) => boolean) =>
  until(() => chargeOf(t.app, token, id), done);

/** A 1.6J charge running since minute 0 from a register of 1000 Wh, its customer with a phone. */
async function running16(tariff: Tariff = { type: 'kWh', price: 350 }, handlers = {}) {
  const charger = await registerCharger(t.app, { tariff });
  const station = await scriptedCharger(url, charger.identity, { handlers });
  await boot16(station);
  const user = await cardCustomer(t.app);
  await pushReady(t.app, user.token, { locale: 'en' });
  const { charge, idTag } = await openAndStart(t.app, station, user, charger);
  const tx = await station.call('StartTransaction', {
    connectorId: 1,
    idTag,
    meterStart: 1000,
    timestamp: minute(0).toISOString(),
  });
  const transactionId = tx.transactionId as number;
  /** Readings at these minutes with these registers; power only while the register rises. */
  const readings = async (points: [number, number][]) => {
    let before = 1000;
    for (const [at, wh] of points) {
      await station.call(
        'MeterValues',
        meter16(transactionId, wh, wh > before ? 7000 : 0, minute(at)),
      );
      before = wh;
    }
  };
  /** The charger's own stop, after it took the remote one, at its last register. */
  const stopped = (meterStop: number, at: number) =>
    station.call('StopTransaction', {
      transactionId,
      meterStop,
      timestamp: minute(at).toISOString(),
      reason: 'Remote',
    });
  return { charger, station, user, charge, transactionId, readings, stopped };
}

const remoteStops = (received: { method: string }[]) =>
  received.filter((m) => m.method === 'RemoteStopTransaction').length;

describe('the zero-energy watchdog', () => {
  it('stops a paid charge that never delivered energy, voids its hold and tells the customer', async () => {
    const r = await running16();
    // Readings every two minutes for twelve minutes: the register never moves.
    await r.readings([2, 4, 6, 8, 10, 12].map((m) => [m, 1000]));
    await waitFor(r.user.token, r.charge.id, (c) => c.kwh === 0);
    await reconcileCharges(t.app.ctx);
    await until(
      () => Promise.resolve(remoteStops(r.station.received)),
      (n) => n === 1,
    );
    const stopping = await chargeOf(t.app, r.user.token, r.charge.id);
    expect(stopping.state).toBe('stopping');
    expect(stopping.errorKey).toBe('error.noEnergy');

    await r.stopped(1000, 13);
    const done = await waitFor(r.user.token, r.charge.id, (c) => c.state === 'failed');
    expect(done).toMatchObject({ errorKey: 'error.noEnergy', captured: 0, receiptId: null });
    expect(done.released).toBe(done.held);
    expect(await openHolds(t.app.ctx.db, r.user.id)).toBe(0);

    await expectOnePush(t.app, r.user.email, {
      kind: 'chargerFaulted',
      title: 'Your charge was stopped',
      body: expect.stringContaining('for 10 minutes, so we stopped the charge') as string,
      url: `/charging/installations/${r.charger.installationId}/charge`,
    });
    const mail = await lastMailTo(t.app, r.user.email);
    expect(mail?.subject).toMatch(/^We stopped your charge at /);
    expect(mail?.text).toContain('(0,00 kWh)');

    // The operators see it among the charges to review.
    const operator = await signInAsStaff(t.app, { role: 'operator' });
    const review = await t.app.inject({
      url: '/api/admin/charges/review?take=100',
      headers: bearer(operator),
    });
    expect(review.json<{ items: { id: string; reviewReason: string }[] }>().items).toContainEqual(
      expect.objectContaining({ id: r.charge.id, reviewReason: 'noEnergy' }),
    );
    await r.station.close();
  });

  it('stops a charge whose energy stopped flowing, and bills the energy that flowed', async () => {
    const r = await running16();
    // 3 kWh in the first five minutes, then nothing for twelve.
    await r.readings([
      [1, 1500],
      [3, 3000],
      [5, 4000],
      [8, 4000],
      [12, 4000],
      [17, 4000],
    ]);
    await waitFor(r.user.token, r.charge.id, (c) => c.kwh === 3);
    await reconcileCharges(t.app.ctx);
    await until(
      () => Promise.resolve(remoteStops(r.station.received)),
      (n) => n === 1,
    );
    await r.stopped(4000, 18);
    const done = await waitFor(r.user.token, r.charge.id, (c) => c.state === 'completed');
    expect(done).toMatchObject({ kwh: 3, amount: 10_50, captured: 10_50 });
    expect(done.errorKey).toBe('error.noEnergy');
    expect(done.receiptId).not.toBeNull();
    expect(await openHolds(t.app.ctx.db, r.user.id)).toBe(0);
    await r.station.close();
  });

  it('bills a minute tariff only until energy last flowed', async () => {
    const r = await running16({ type: 'min', price: 50 });
    await r.readings([
      [2, 2000],
      [6, 3000],
      [10, 3000],
      [17, 3000],
    ]);
    await waitFor(r.user.token, r.charge.id, (c) => c.kwh === 2);
    await reconcileCharges(t.app.ctx);
    await until(
      () => Promise.resolve(remoteStops(r.station.received)),
      (n) => n === 1,
    );
    await r.stopped(3000, 20);
    const done = await waitFor(r.user.token, r.charge.id, (c) => c.state === 'completed');
    // Six minutes (until the reading at minute 6), not the twenty the charger held the car.
    expect(done.minutes).toBe(6);
    expect(done.amount).toBe(6 * 50);
    await r.station.close();
  });

  it('leaves a car that stayed after its energy stopped at a charger with an idle fee, and bills the start fee and the idle fee past its grace', async () => {
    const r = await running16({
      type: 'kWh',
      price: 350,
      startFee: 500,
      idleFee: 100,
      idleGraceMinutes: 5,
    });
    // 3 kWh by minute 5, then the car is full and stays plugged in.
    await r.readings([
      [1, 1500],
      [3, 3000],
      [5, 4000],
      [8, 4000],
      [12, 4000],
      [17, 4000],
    ]);
    const running = await waitFor(r.user.token, r.charge.id, (c) => c.kwh === 3);
    // So far: the start fee, the energy, and the idle minutes past the grace until now.
    expect(running.amount).toBeGreaterThanOrEqual(500 + 10_50 + 20 * 100);
    await reconcileCharges(t.app.ctx);
    expect(remoteStops(r.station.received)).toBe(0);
    expect((await chargeOf(t.app, r.user.token, r.charge.id)).state).toBe('charging');

    // The driver unplugs at minute 20: fifteen minutes after the energy stopped.
    await r.stopped(4000, 20);
    const done = await waitFor(r.user.token, r.charge.id, (c) => c.state === 'completed');
    expect(done).toMatchObject({ kwh: 3, errorKey: null });
    expect(done.amount).toBe(500 + 10_50 + 10 * 100);
    expect(done.captured).toBe(done.amount);
    const receipt = await t.app.inject({
      url: `/api/receipts/${done.receiptId ?? ''}`,
      headers: bearer(r.user.token),
    });
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(receipt.json<Receipt>().data.products).toEqual([
      expect.objectContaining({ totalPrice: 10_50, price: 350, priceType: 'kwh', quantity: 3 }),
      { description: 'Byrjanargjald', totalPrice: 500, price: 500, priceType: 'fee', quantity: 1 },
      {
        description: 'Bíðigjald eftir 5 min.',
        totalPrice: 10 * 100,
        price: 100,
        priceType: 'min',
        quantity: 10,
      },
    ]);
    expect(await openHolds(t.app.ctx.db, r.user.id)).toBe(0);
    await r.station.close();
  });

  it('never bills an idle fee past the hold, and no start fee where no energy flowed', async () => {
    const r = await running16({ type: 'kWh', price: 350, startFee: 500, idleFee: 10_000 });
    await r.readings([
      [1, 2000],
      [4, 2000],
    ]);
    await waitFor(r.user.token, r.charge.id, (c) => c.kwh === 1);
    await r.stopped(2000, 25);
    const done = await waitFor(r.user.token, r.charge.id, (c) => c.state === 'completed');
    // 500 + 350 + 24 minutes at 100 kr. would pass the hold: the capture stops at it.
    expect(done.amount).toBe(done.held);
    expect(done.captured).toBe(done.held);
    expect(done.released).toBe(0);
    const receipt = await t.app.inject({
      url: `/api/receipts/${done.receiptId ?? ''}`,
      headers: bearer(r.user.token),
    });
    const lines = receipt.json<Receipt>().data.products ?? [];
    expect(lines.reduce((sum, line) => sum + line.totalPrice, 0)).toBe(done.held);

    const none = await running16({ type: 'kWh', price: 350, startFee: 500, idleFee: 100 });
    await none.readings([[2, 1000]]);
    await none.stopped(1000, 3);
    const nothing = await waitFor(none.user.token, none.charge.id, (c) =>
      ['completed', 'failed'].includes(c.state),
    );
    expect(nothing.captured).toBe(0);
    expect(await openHolds(t.app.ctx.db, none.user.id)).toBe(0);
    await r.station.close();
    await none.station.close();
  });

  it('leaves a charge alone while energy flows, and one younger than the limit', async () => {
    const r = await running16();
    await r.readings([
      [5, 2000],
      [15, 3000],
      [25, 4000],
    ]);
    await waitFor(r.user.token, r.charge.id, (c) => c.kwh === 3);
    await reconcileCharges(t.app.ctx);
    expect(remoteStops(r.station.received)).toBe(0);
    expect((await chargeOf(t.app, r.user.token, r.charge.id)).state).toBe('charging');
    await r.stopped(4000, 26);
    const done = await waitFor(r.user.token, r.charge.id, (c) => c.state === 'completed');
    expect(done.errorKey).toBeNull();
    expect(await pushesOfKind(t.app, r.user.email, 'chargerFaulted')).toEqual([]);
    await r.station.close();
  });

  it('counts power as flow where a coarse register has not moved yet', async () => {
    const r = await running16();
    // A 1 kWh register at 3 kW: it moves every twenty minutes; the power says energy flows.
    for (const at of [2, 6, 10, 14])
      await r.station.call('MeterValues', meter16(r.transactionId, 1000, 3000, minute(at)));
    await waitFor(r.user.token, r.charge.id, (c) => c.powerKw === 3);
    await reconcileCharges(t.app.ctx);
    expect(remoteStops(r.station.received)).toBe(0);
    await r.stopped(1000, 15);
    await waitFor(r.user.token, r.charge.id, (c) => c.state === 'completed');
    await r.station.close();
  });

  it('asks a charger that sent no reading covering the quiet time for one, and judges it then', async () => {
    const r = await running16();
    // The last reading is at minute 4: it says nothing of the ten minutes since the start.
    await r.readings([[4, 1000]]);
    await waitFor(r.user.token, r.charge.id, (c) => c.state === 'charging');
    await reconcileCharges(t.app.ctx);
    const triggers = r.station.received.filter((m) => m.method === 'TriggerMessage');
    expect(triggers.at(-1)?.params).toEqual({ requestedMessage: 'MeterValues', connectorId: 1 });
    expect(remoteStops(r.station.received)).toBe(0);
    // Its answer: a reading now, the register where it was.
    await r.station.call('MeterValues', meter16(r.transactionId, 1000, 0, new Date()));
    await reconcileCharges(t.app.ctx);
    await until(
      () => Promise.resolve(remoteStops(r.station.received)),
      (n) => n === 1,
    );
    await r.stopped(1000, 30);
    await waitFor(r.user.token, r.charge.id, (c) => c.state === 'failed');
    await r.station.close();
  });

  it('asks a refused stop again at the next pass, and tells the customer once', async () => {
    let refuse = true;
    const r = await running16(undefined, {
      RemoteStopTransaction: () => ({ status: refuse ? 'Rejected' : 'Accepted' }),
    });
    await r.readings([
      [3, 1000],
      [11, 1000],
    ]);
    await waitFor(r.user.token, r.charge.id, (c) => c.state === 'charging');
    // Two passes at once, as two processes would run them: one marks it, and tells once.
    await Promise.all([reconcileCharges(t.app.ctx), reconcileCharges(t.app.ctx)]);
    expect(remoteStops(r.station.received)).toBe(1);
    expect((await chargeOf(t.app, r.user.token, r.charge.id)).state).toBe('charging');
    refuse = false;
    await reconcileCharges(t.app.ctx);
    expect(remoteStops(r.station.received)).toBe(2);
    await r.stopped(1000, 12);
    await waitFor(r.user.token, r.charge.id, (c) => c.state === 'failed');
    await expectOnePush(t.app, r.user.email, {
      kind: 'chargerFaulted',
      title: 'Your charge was stopped',
      body: expect.stringContaining('No power reached your car') as string,
      url: `/charging/installations/${r.charger.installationId}/charge`,
    });
    const outbox = await t.app.inject({
      url: `/api/dev/outbox?to=${encodeURIComponent(r.user.email)}`,
    });
    const mails = outbox.json<{ items: { subject: string }[] }>().items;
    expect(mails.filter((m) => m.subject.startsWith('We stopped your charge'))).toHaveLength(1);
    await r.station.close();
  });

  it('watches 2.0.1 charges, whose readings come in TransactionEvent', async () => {
    const charger = await registerCharger(t.app, { tariff: { type: 'kWh', price: 400 } });
    const station = await scriptedCharger(url, charger.identity, { protocol: 'ocpp2.0.1' });
    await boot201(station);
    const user = await cardCustomer(t.app);
    const { charge, idTag, remote } = await openAndStart(t.app, station, user, charger);
    const transactionId = `TX-${crypto.randomUUID().slice(0, 8)}`;
    const event = (
      eventType: 'Started' | 'Updated' | 'Ended',
      seqNo: number,
      wh: number,
      at: number,
    ) =>
      station.call('TransactionEvent', {
        eventType,
        timestamp: minute(at).toISOString(),
        triggerReason: eventType === 'Ended' ? 'RemoteStop' : 'MeterValuePeriodic',
        seqNo,
        transactionInfo: {
          transactionId,
          remoteStartId: remote.params.remoteStartId as number,
          ...(eventType === 'Ended' ? { stoppedReason: 'Remote' } : {}),
        },
        idToken: { idToken: idTag, type: 'Central' },
        evse: { id: 1, connectorId: 1 },
        meterValue: meter201(wh, 0, minute(at)),
      });
    await event('Started', 0, 500, 0);
    await event('Updated', 1, 500, 6);
    await event('Updated', 2, 500, 12);
    await waitFor(user.token, charge.id, (c) => c.state === 'charging');
    await reconcileCharges(t.app.ctx);
    await until(
      () =>
        Promise.resolve(
          station.received.filter((m) => m.method === 'RequestStopTransaction').length,
        ),
      (n) => n === 1,
    );
    await event('Ended', 3, 500, 13);
    const done = await waitFor(user.token, charge.id, (c) => c.state === 'failed');
    expect(done.errorKey).toBe('error.noEnergy');
    expect(await openHolds(t.app.ctx.db, user.id)).toBe(0);
    await station.close();
  });
});
