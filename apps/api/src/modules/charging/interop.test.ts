import type { Charge } from '@stod/domain';
import { OcppClient } from 'ocpp-ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkChargingBooks } from '../../test/charging-books.ts';
import { bearer, createTestApp, type TestApp } from '../../test/app.ts';
import { listen, registerCharger } from '../../test/chargers.ts';
import { cardCustomer, openHolds, until } from '../../test/stations.ts';

// A charge point that no one here wrote: the `ocpp-ts` package's OCPP 1.6J client, with its own
// framing and its own schema checks of every request it is sent. Registered through the
// operators' API with a password (security profile 1), it boots, is started and stopped from the
// app, meters, and the charge is paid for: captured by kWh, the rest released, the receipt
// written.

let t: TestApp;
let url: string;

beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t.app);
});
// ocpp-ts has no way to hang up: closing the app closes the endpoint and its connections.
// The books, after everything this file did: every charge that delivered energy settled once,
// no hold outliving its charge.
afterAll(async () => {
  const problems = await checkChargingBooks(t.app.ctx.db);
  await t.close();
  expect(problems).toEqual([]);
});

const PASSWORD = 'interop-password-0123';
const basic = (identity: string, password: string) => ({
  Authorization: `Basic ${Buffer.from(`${identity}:${password}`).toString('base64')}`,
});

/** Connects the foreign charge point; answers once it is open, or with the refusal. */
function connect(client: OcppClient, identity: string, password: string) {
  return new Promise<'open' | Error>((resolve) => {
    client.once('connect', () => resolve('open'));
    client.once('error', (error: Error) => resolve(error));
    client.connect(`${url}/`, basic(identity, password));
  });
}

describe('a charger of another make (ocpp-ts, OCPP 1.6J)', () => {
  it('is refused with a wrong password, and with the right one is started, metered, stopped and paid for', async () => {
    const charger = await registerCharger(t.app, {
      password: PASSWORD,
      connectors: 1,
      tariff: { type: 'kWh', price: 350 },
    });
    const refused = new OcppClient(charger.identity);
    const denied = await connect(refused, charger.identity, 'not-the-password-at-all');
    expect(denied).toBeInstanceOf(Error);
    expect(String(denied)).toMatch(/401/);

    const client = new OcppClient(charger.identity);
    let transactionId = 0;
    const now = () => new Date().toISOString();
    client.on('TriggerMessage', (_request, reply) => {
      reply({ status: 'Accepted' });
    });
    client.on('RemoteStartTransaction', (request, reply) => {
      reply({ status: 'Accepted' });
      // The car is plugged in: the charger begins the transaction and meters it.
      void (async () => {
        await client.callRequest('StatusNotification', {
          connectorId: 1,
          errorCode: 'NoError',
          status: 'Preparing',
        });
        const started = await client.callRequest('StartTransaction', {
          connectorId: request.connectorId ?? 1,
          idTag: request.idTag,
          meterStart: 1000,
          timestamp: now(),
        });
        transactionId = started.transactionId;
        await client.callRequest('StatusNotification', {
          connectorId: 1,
          errorCode: 'NoError',
          status: 'Charging',
        });
        await client.callRequest('MeterValues', {
          connectorId: 1,
          transactionId,
          meterValue: [
            {
              timestamp: now(),
              sampledValue: [
                { value: '4000', measurand: 'Energy.Active.Import.Register', unit: 'Wh' },
                { value: '11000', measurand: 'Power.Active.Import', unit: 'W' },
              ],
            },
          ],
        });
      })();
    });
    client.on('RemoteStopTransaction', (request, reply) => {
      reply({ status: request.transactionId === transactionId ? 'Accepted' : 'Rejected' });
      void (async () => {
        await client.callRequest('StopTransaction', {
          transactionId,
          meterStop: 7000,
          timestamp: now(),
          reason: 'Remote',
        });
        await client.callRequest('StatusNotification', {
          connectorId: 1,
          errorCode: 'NoError',
          status: 'Finishing',
        });
      })();
    });

    expect(await connect(client, charger.identity, PASSWORD)).toBe('open');
    const boot = await client.callRequest('BootNotification', {
      chargePointVendor: 'Other Make',
      chargePointModel: 'AC22',
    });
    expect(boot.status).toBe('Accepted');
    expect(boot.interval).toBeGreaterThan(0);
    await client.callRequest('StatusNotification', {
      connectorId: 1,
      errorCode: 'NoError',
      status: 'Available',
    });

    const user = await cardCustomer(t.app);
    const read = async (id: string) =>
      (
        await t.app.inject({ url: `/api/charges/${id}`, headers: bearer(user.token) })
      ).json<Charge>();
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
    const charge = created.json<Charge>();
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/charges/${charge.id}/start`,
      headers: bearer(user.token),
    });
    expect(started.statusCode, started.body).toBe(200);

    const live = await until(
      () => read(charge.id),
      (c) => c.kwh === 3,
    );
    expect(live).toMatchObject({ state: 'charging', powerKw: 11, amount: 10_50 });

    const stop = await t.app.inject({
      method: 'POST',
      url: `/api/charges/${charge.id}/stop`,
      headers: bearer(user.token),
    });
    expect(stop.statusCode, stop.body).toBe(200);
    const done = await until(
      () => read(charge.id),
      (c) => c.state === 'completed',
    );
    expect(done).toMatchObject({ kwh: 6, amount: 21_00 });
    expect(done.captured).toBe(21_00);
    expect(done.captured + done.released).toBe(done.held);
    expect(await openHolds(t.app.ctx.db, user.id)).toBe(0);
    const receipt = await t.app.inject({
      url: `/api/receipts/${String(done.receiptId)}`,
      headers: bearer(user.token),
    });
    expect(receipt.json()).toMatchObject({
      productType: 'Charge',
      amount: 21_00,
      data: { kwh: 6 },
    });
  });
});
