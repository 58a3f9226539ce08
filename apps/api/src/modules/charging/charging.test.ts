import type { Charge } from '@stod/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkChargingBooks } from '../../test/charging-books.ts';
import { bearer, createTestApp, type TestApp } from '../../test/app.ts';
import { boot16, listen, meter16, registerCharger, scriptedCharger } from '../../test/chargers.ts';
import { cardCustomer, openHolds, until } from '../../test/stations.ts';

let t: TestApp;
let url: string;

beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t.app);
});
// The books, after everything this file did: every charge that delivered energy settled once,
// none left open, no hold outliving its charge.
afterAll(async () => {
  const problems = await checkChargingBooks(t.app.ctx.db);
  await t.close();
  expect(problems).toEqual([]);
});

const key = () => `charge-${crypto.randomUUID()}`;

describe('a charge at a public charger, end to end over OCPP 1.6J', () => {
  it('holds, starts, meters, stops, captures by kWh, releases the rest and writes the receipt', async () => {
    const { app } = t;
    const charger = await registerCharger(app, { tariff: { type: 'kWh', price: 350 } });
    const station = await scriptedCharger(url, charger.identity);
    await boot16(station);
    const user = await cardCustomer(app);

    const created = await app.inject({
      method: 'POST',
      url: '/api/charges',
      headers: { ...bearer(user.token), 'idempotency-key': key() },
      payload: {
        installationId: charger.installationId,
        chargerId: charger.id,
        connectorId: 1,
        paymentMethodId: user.cardId,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const charge = created.json<Charge>();
    expect(charge.state).toBe('ready');
    expect(charge.held).toBe(300_00);
    expect(await openHolds(app.ctx.db, user.id)).toBe(1);

    const started = await app.inject({
      method: 'POST',
      url: `/api/charges/${charge.id}/start`,
      headers: bearer(user.token),
    });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json<Charge>().label).toBe('plug');
    const remote = station.received.find((r) => r.method === 'RemoteStartTransaction');
    expect(remote?.params.connectorId).toBe(1);

    const tx = await station.call('StartTransaction', {
      connectorId: 1,
      idTag: remote?.params.idTag,
      meterStart: 1000,
      timestamp: new Date().toISOString(),
    });
    const transactionId = (tx as { transactionId: number }).transactionId;
    expect((tx as { idTagInfo: { status: string } }).idTagInfo.status).toBe('Accepted');
    await station.call('MeterValues', meter16(transactionId, 6000, 11_000));
    const live = await until(
      async () =>
        (
          await app.inject({ url: `/api/charges/${charge.id}`, headers: bearer(user.token) })
        ).json<Charge>(),
      (c) => c.kwh === 5,
    );
    expect(live.state).toBe('charging');
    expect(live.powerKw).toBe(11);
    expect(live.amount).toBe(17_50);

    const stop = await app.inject({
      method: 'POST',
      url: `/api/charges/${charge.id}/stop`,
      headers: bearer(user.token),
    });
    expect(stop.statusCode, stop.body).toBe(200);
    expect(station.received.some((r) => r.method === 'RemoteStopTransaction')).toBe(true);
    await station.call('StopTransaction', {
      transactionId,
      meterStop: 11_000,
      timestamp: new Date().toISOString(),
      reason: 'Remote',
    });
    const done = await until(
      async () =>
        (
          await app.inject({ url: `/api/charges/${charge.id}`, headers: bearer(user.token) })
        ).json<Charge>(),
      (c) => c.state === 'completed',
    );
    expect(done.kwh).toBe(10);
    expect(done.amount).toBe(35_00);
    expect(done.captured + done.released).toBe(300_00);
    expect(done.receiptId).not.toBeNull();
    expect(await openHolds(app.ctx.db, user.id)).toBe(0);
    const receipt = await app.inject({
      url: `/api/receipts/${String(done.receiptId)}`,
      headers: bearer(user.token),
    });
    expect(receipt.json()).toMatchObject({
      productType: 'Charge',
      amount: 35_00,
      data: { kwh: 10 },
    });

    // Meter values after the stop change nothing.
    await station.call('MeterValues', meter16(transactionId, 50_000, 11_000));
    await station.call('StopTransaction', {
      transactionId,
      meterStop: 90_000,
      timestamp: new Date().toISOString(),
    });
    const after = (
      await app.inject({ url: `/api/charges/${charge.id}`, headers: bearer(user.token) })
    ).json<Charge>();
    expect(after.kwh).toBe(10);
    await station.close();
  });
});
