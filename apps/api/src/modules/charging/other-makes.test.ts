import type { Charge } from '@stod/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chargerNotices } from '../../db/schema/index.ts';
import { INTERNAL_DESCRIPTION } from '../../integrations/ocpp/handle.ts';
import { bearer, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { checkChargingBooks } from '../../test/charging-books.ts';
import { chargeOf, listen, openCharge, registerCharger } from '../../test/chargers.ts';
import { bootRaw, rawCharger, transactionEvent, type RawCharger } from '../../test/raw-charger.ts';
import { signInAsStaff } from '../../test/staff.ts';
import { cardCustomer, openHolds, until } from '../../test/stations.ts';

// Chargers of other makes, as the world sends them: decimal Wh and kWh, a 2.0.1 remote start
// that names no idToken, answers lost and sent again, a stop that never came, and the security
// whitepaper's notifications. The charger here is plain OCPP-J frames with no schema of its own,
// so nothing our own simulator would never send is filtered out before it reaches the backend.
// After each test the books are checked: every charge that delivered energy settled once, none
// left open, no hold outliving its charge.

let t: TestApp;
let url: string;
const chargers: RawCharger[] = [];

beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t.app);
});
afterEach(async () => {
  for (const c of chargers.splice(0)) c.close();
  expect(await checkChargingBooks(t.app.ctx.db)).toEqual([]);
});
afterAll(() => t.close());

const at = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

async function connected(protocol: 'ocpp1.6' | 'ocpp2.0.1', handlers = {}) {
  const charger = await registerCharger(t.app, {
    connectors: 2,
    tariff: { type: 'kWh', price: 350 },
  });
  const station = await rawCharger(url, charger.identity, protocol, handlers);
  chargers.push(station);
  await bootRaw(station, protocol);
  return { charger, station };
}

const act = (token: string, id: string, what: 'start' | 'stop' | 'cancel') =>
  t.app.inject({ method: 'POST', url: `/api/charges/${id}/${what}`, headers: bearer(token) });

const open = (
  user: { token: string; cardId: string },
  charger: { id: string; installationId: string },
) => openCharge(t.app, user, charger);

const waitCharge = (token: string, id: string, done: (c: Charge) => boolean) =>
  until(() => chargeOf(t.app, token, id), done);

describe('OCPP 1.6J from a charger of another make', () => {
  it('takes decimal Wh and kWh in meterStart, MeterValues and meterStop, and bills them exactly', async () => {
    const { charger, station } = await connected('ocpp1.6');
    const user = await cardCustomer(t.app);
    const charge = await open(user, charger);
    expect((await act(user.token, charge.id, 'start')).statusCode).toBe(200);
    const remote = await station.waitFor('RemoteStartTransaction');
    const start = await station.call('StartTransaction', {
      connectorId: 1,
      idTag: remote.idTag,
      meterStart: 1000.5,
      timestamp: at(0),
    });
    expect(start.idTagInfo).toEqual({ status: 'Accepted' });
    const transactionId = start.transactionId as number;
    await station.call('MeterValues', {
      connectorId: 1,
      transactionId,
      meterValue: [
        {
          timestamp: at(1),
          sampledValue: [
            { value: '2.50075', measurand: 'Energy.Active.Import.Register', unit: 'kWh' },
            { value: '7.4', measurand: 'Power.Active.Import', unit: 'kW' },
            { value: '231.7', measurand: 'Voltage', unit: 'V', phase: 'L1-N' },
            { value: '16.2', measurand: 'Current.Import', unit: 'A', phase: 'L1' },
            { value: '31.5', measurand: 'Temperature', unit: 'Celsius', location: 'Body' },
            { value: '48', measurand: 'SoC', unit: 'Percent', location: 'EV' },
          ],
        },
      ],
    });
    const live = await waitCharge(user.token, charge.id, (c) => c.kwh === 1.5);
    // 2500.75 − 1000.5 Wh at 3.50 kr./kWh: 525.09 øre, rounded once.
    expect(live).toMatchObject({ state: 'charging', powerKw: 7.4, amount: 525 });
    await station.call('MeterValues', {
      connectorId: 1,
      transactionId,
      meterValue: [
        {
          timestamp: at(2),
          sampledValue: [{ value: '3000.25', measurand: 'Energy.Active.Import.Register' }],
        },
      ],
    });
    await waitCharge(user.token, charge.id, (c) => c.kwh === 2);

    expect((await act(user.token, charge.id, 'stop')).statusCode).toBe(200);
    await station.waitFor('RemoteStopTransaction', (p) => p.transactionId === transactionId);
    const stop = await station.send('StopTransaction', {
      transactionId,
      idTag: remote.idTag,
      meterStop: 4000.75,
      timestamp: at(3),
      reason: 'Remote',
    });
    expect(stop.ok).toBe(true);
    const done = await waitCharge(user.token, charge.id, (c) => c.state === 'completed');
    // 3000.25 Wh: 1050.09 øre, rounded once to 10.50 kr.
    expect(done).toMatchObject({ kwh: 3, amount: 10_50, captured: 10_50 });
    const [row] = (
      (await t.app.ctx.db.execute(
        sql`select energy_wh::text as wh from charges where id = ${charge.id}`,
      )) as { rows: { wh: string }[] }
    ).rows;
    expect(row?.wh).toBe('3000.250');
    expect(await openHolds(t.app.ctx.db, user.id)).toBe(0);
  });

  it('answers a failing handler with InternalError and a fixed text: no SQL, no stack', async () => {
    const { station } = await connected('ocpp1.6');
    // A connector id past PostgreSQL's integer range: the status cannot be stored.
    const answer = await station.send('StatusNotification', {
      connectorId: 2_147_483_648,
      errorCode: 'NoError',
      status: 'Available',
    });
    expect(answer).toMatchObject({
      ok: false,
      code: 'InternalError',
      description: INTERNAL_DESCRIPTION,
    });
    const frame = station.frames.at(-1) ?? '';
    expect(frame).not.toMatch(/insert|select|charger_connectors|at \w+ \(|\.ts:/i);
    expect(Object.keys((answer as { details: object }).details)).toEqual(['requestId']);
  });

  it('answers the stopping tag its real standing: a blocked and an unknown tag are not Accepted', async () => {
    const { charger, station } = await connected('ocpp1.6');
    const operator = await signInAsStaff(t.app, { role: 'operator' });
    // A card whose holder has no payment card that allows charging: Blocked at a public charger.
    const holder = await registerUser(t.app);
    const me = (await t.app.inject({ url: '/api/user/v2', headers: bearer(holder.token) })).json<{
      email: string;
    }>();
    const tag = `BLK${String(Date.now() % 1_000_000)}`;
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/admin/id-tags',
      headers: bearer(operator),
      payload: { idTag: tag, email: me.email },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    expect(await station.call('Authorize', { idTag: tag })).toEqual({
      idTagInfo: { status: 'Blocked' },
    });
    const blocked = await station.call('StopTransaction', {
      transactionId: 424_242,
      idTag: tag,
      meterStop: 10,
      timestamp: at(0),
    });
    expect(blocked).toEqual({ idTagInfo: { status: 'Blocked' } });
    const unknown = await station.call('StopTransaction', {
      transactionId: 424_243,
      idTag: 'NO-SUCH-TAG',
      meterStop: 10,
      timestamp: at(0),
    });
    expect(unknown).toEqual({ idTagInfo: { status: 'Invalid' } });
    expect(charger.id).toBeTruthy();
  });

  it('accepts a valid card where a lost stop left a charge open, and settles the stale one', async () => {
    const { charger, station } = await connected('ocpp1.6');
    const operator = await signInAsStaff(t.app, { role: 'operator' });
    const user = await cardCustomer(t.app);
    const me = (await t.app.inject({ url: '/api/user/v2', headers: bearer(user.token) })).json<{
      email: string;
    }>();
    const tag = `CARD${String(Date.now() % 1_000_000)}`;
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/id-tags',
      headers: bearer(operator),
      payload: { idTag: tag, email: me.email },
    });
    const first = await station.call('StartTransaction', {
      connectorId: 1,
      idTag: tag,
      meterStart: 5000,
      timestamp: at(0),
    });
    expect(first.idTagInfo).toEqual({ status: 'Accepted' });
    await station.call('MeterValues', {
      connectorId: 1,
      transactionId: first.transactionId,
      meterValue: [{ timestamp: at(1), sampledValue: [{ value: '6200.5', unit: 'Wh' }] }],
    });
    // The StopTransaction is lost; the same card starts again on the same connector.
    const second = await station.call('StartTransaction', {
      connectorId: 1,
      idTag: tag,
      meterStart: 6300,
      timestamp: at(5),
    });
    expect(second.idTagInfo).toEqual({ status: 'Accepted' });
    expect(second.transactionId).not.toBe(first.transactionId);
    const review = await t.app.inject({
      url: '/api/admin/charges/review',
      headers: bearer(operator),
    });
    const stale = review
      .json<{
        items: { transactionId: string; reviewReason: string; state: string; energyWh: number }[];
      }>()
      .items.find((c) => c.transactionId === String(first.transactionId));
    expect(stale).toMatchObject({ reviewReason: 'stopLost', state: 'completed', energyWh: 1200.5 });
    // The new one runs and is settled by its own stop; the lost stop, sent late, changes nothing.
    const stop = await station.call('StopTransaction', {
      transactionId: second.transactionId,
      idTag: tag,
      meterStop: 7300,
      timestamp: at(9),
    });
    expect(stop).toEqual({ idTagInfo: { status: 'Accepted' } });
    // Its answer was lost too: the same stop again is answered alike and settles nothing twice.
    const again = await station.call('StopTransaction', {
      transactionId: second.transactionId,
      idTag: tag,
      meterStop: 7300,
      timestamp: at(9),
    });
    expect(again).toEqual(stop);
    await station.call('StopTransaction', {
      transactionId: first.transactionId,
      meterStop: 6250,
      timestamp: at(4),
    });
    const list = await t.app.inject({ url: '/api/charges', headers: bearer(user.token) });
    const charges = list.json<{ items: Charge[] }>().items;
    expect(charges.map((c) => [c.state, c.kwh])).toEqual([
      ['completed', 1],
      ['completed', 1.201],
    ]);
    expect(charger.id).toBeTruthy();
  });

  it('asks a charger to stop a transaction no one can be billed for, and shows it to operators', async () => {
    const { station } = await connected('ocpp1.6');
    const operator = await signInAsStaff(t.app, { role: 'operator' });
    const start = await station.call('StartTransaction', {
      connectorId: 2,
      idTag: 'STRANGER-01',
      meterStart: 100,
      timestamp: at(0),
    });
    expect(start.idTagInfo).toEqual({ status: 'Invalid' });
    // This charger goes on anyway (StopTransactionOnInvalidId off): the backend stops it.
    await station.waitFor('RemoteStopTransaction', (p) => p.transactionId === start.transactionId);
    const listed = await t.app.inject({
      url: '/api/admin/charger-transactions',
      headers: bearer(operator),
    });
    expect(listed.statusCode).toBe(200);
    expect(
      listed.json<{ items: { transactionId: string; billing: string; idTag: string }[] }>().items,
    ).toContainEqual(
      expect.objectContaining({
        transactionId: String(start.transactionId),
        billing: 'unbilled',
        idTag: 'STRANGER-01',
      }),
    );
    await station.call('StopTransaction', {
      transactionId: start.transactionId,
      meterStop: 180.5,
      timestamp: at(1),
      reason: 'Remote',
    });
  });

  it('records readings of a transaction it never heard begin, and asks the charger to stop it', async () => {
    const { station } = await connected('ocpp1.6');
    const operator = await signInAsStaff(t.app, { role: 'operator' });
    await station.call('MeterValues', {
      connectorId: 2,
      transactionId: -17,
      meterValue: [{ timestamp: at(0), sampledValue: [{ value: '512.5' }] }],
    });
    await station.waitFor('RemoteStopTransaction', (p) => p.transactionId === -17);
    const listed = await t.app.inject({
      url: '/api/admin/charger-transactions',
      headers: bearer(operator),
    });
    expect(
      listed.json<{ items: { transactionId: string; billing: string; connectorId: number }[] }>()
        .items,
    ).toContainEqual(
      expect.objectContaining({ transactionId: '-17', billing: 'unbilled', connectorId: 2 }),
    );
    await station.call('StopTransaction', {
      transactionId: -17,
      meterStop: 530,
      timestamp: at(1),
      reason: 'Remote',
    });
  });

  it('accepts and records the security whitepaper notifications', async () => {
    const { charger, station } = await connected('ocpp1.6');
    expect(
      await station.call('SecurityEventNotification', {
        type: 'FirmwareUpdated',
        timestamp: at(0),
        techInfo: 'v2.1.4',
      }),
    ).toEqual({});
    expect(
      await station.call('LogStatusNotification', { status: 'Uploaded', requestId: 7 }),
    ).toEqual({});
    expect(
      await station.call('SignedFirmwareStatusNotification', { status: 'Installed', requestId: 8 }),
    ).toEqual({});
    const rows = await t.app.ctx.db
      .select()
      .from(chargerNotices)
      .where(eq(chargerNotices.chargerId, charger.id));
    expect(rows.map((r) => [r.kind, r.type]).sort()).toEqual([
      ['firmware', 'Installed'],
      ['log', 'Uploaded'],
      ['security', 'FirmwareUpdated'],
    ]);
    const operator = await signInAsStaff(t.app, { role: 'operator' });
    const notices = await t.app.inject({
      url: `/api/admin/chargers/${charger.id}/notices`,
      headers: bearer(operator),
    });
    expect(notices.json<{ items: unknown[] }>().items).toHaveLength(3);
  });
});

describe('OCPP 2.0.1 from a charger of another make', () => {
  const started = (transactionId: string, remoteStartId: number, wh: number) =>
    transactionEvent('Started', transactionId, 0, { value: wh, unit: 'Wh' }, { remoteStartId });
  const event = (
    eventType: 'Updated' | 'Ended',
    transactionId: string,
    seqNo: number,
    kwh: number,
    minutes: number,
  ) =>
    transactionEvent(
      eventType,
      transactionId,
      seqNo,
      { value: kwh, unit: 'kWh' },
      {
        at: new Date(Date.now() + minutes * 60_000),
      },
    );

  it('links a remote start that names no idToken by its remoteStartId, stops it and bills it once', async () => {
    const { charger, station } = await connected('ocpp2.0.1');
    const user = await cardCustomer(t.app);
    const charge = await open(user, charger);
    expect((await act(user.token, charge.id, 'start')).statusCode).toBe(200);
    const request = await station.waitFor('RequestStartTransaction');
    const tx = `TX-${crypto.randomUUID().slice(0, 13)}`;
    expect(
      await station.call('TransactionEvent', started(tx, request.remoteStartId as number, 500.5)),
    ).toEqual({});
    await waitCharge(user.token, charge.id, (c) => c.state === 'charging');
    for (const [seqNo, kwh] of [
      [1, 1.2505],
      [2, 2.0005],
    ] as const)
      await station.call('TransactionEvent', event('Updated', tx, seqNo, kwh, seqNo));
    const live = await waitCharge(user.token, charge.id, (c) => c.kwh === 1.5);
    expect(live.powerKw).toBe(11);

    expect((await act(user.token, charge.id, 'stop')).statusCode).toBe(200);
    await station.waitFor('RequestStopTransaction', (p) => p.transactionId === tx);
    const ended = event('Ended', tx, 3, 2.5005, 3);
    // The price for the charger's display.
    expect(await station.call('TransactionEvent', ended)).toEqual({ totalCost: 7 });
    // The answer was lost: the same Ended again is answered the same and changes nothing.
    expect(await station.call('TransactionEvent', ended)).toEqual({ totalCost: 7 });
    const done = await waitCharge(user.token, charge.id, (c) => c.state === 'completed');
    // 2500.5 − 500.5 Wh = 2 kWh at 3.50 kr.
    expect(done).toMatchObject({ kwh: 2, amount: 7_00, captured: 7_00 });
    const receipts = await t.app.inject({ url: '/api/receipts', headers: bearer(user.token) });
    expect(receipts.json<{ total: number }>().total).toBe(1);
  });

  it('stopped before the charger names the transaction: the late start is linked, stopped and billed', async () => {
    const { charger, station } = await connected('ocpp2.0.1');
    const user = await cardCustomer(t.app);
    const charge = await open(user, charger);
    await act(user.token, charge.id, 'start');
    const request = await station.waitFor('RequestStartTransaction');
    const stop = await act(user.token, charge.id, 'stop');
    expect(stop.json<Charge>().state).toBe('stopping');
    // The charger is asked what stands at the connector; its Started was already on the way.
    await station.waitFor('TriggerMessage');
    const tx = `TX-${crypto.randomUUID().slice(0, 13)}`;
    await station.call('TransactionEvent', started(tx, request.remoteStartId as number, 100));
    await station.waitFor('RequestStopTransaction', (p) => p.transactionId === tx);
    await station.call('TransactionEvent', event('Ended', tx, 1, 0.35, 1));
    const done = await waitCharge(user.token, charge.id, (c) => c.state === 'completed');
    expect(done).toMatchObject({ kwh: 0.25, amount: 88 });
  });

  it('stopped before a start that never comes: cancelled only once the charger shows no transaction', async () => {
    const { charger, station } = await connected('ocpp2.0.1');
    const user = await cardCustomer(t.app);
    const charge = await open(user, charger);
    await act(user.token, charge.id, 'start');
    await station.waitFor('RequestStartTransaction');
    const stop = await act(user.token, charge.id, 'stop');
    expect(stop.json<Charge>().state).toBe('stopping');
    expect(await openHolds(t.app.ctx.db, user.id)).toBe(1);
    await station.waitFor('TriggerMessage');
    await station.call('StatusNotification', {
      timestamp: at(0.1),
      connectorStatus: 'Available',
      evseId: 1,
      connectorId: 1,
    });
    await waitCharge(user.token, charge.id, (c) => c.state === 'cancelled');
    await until(
      () => openHolds(t.app.ctx.db, user.id),
      (n) => n === 0,
    );
  });

  it('answers DataTransfer UnknownVendorId and records security events', async () => {
    const { charger, station } = await connected('ocpp2.0.1');
    expect(await station.call('DataTransfer', { vendorId: 'com.other' })).toEqual({
      status: 'UnknownVendorId',
    });
    expect(
      await station.call('SecurityEventNotification', {
        type: 'TamperDetectionActivated',
        timestamp: at(0),
      }),
    ).toEqual({});
    const rows = await t.app.ctx.db
      .select()
      .from(chargerNotices)
      .where(eq(chargerNotices.chargerId, charger.id));
    expect(rows.map((r) => r.type)).toEqual(['TamperDetectionActivated']);
  });

  it('accepts and records charging limits, the car’s needs and the answers to report requests', async () => {
    const { charger, station } = await connected('ocpp2.0.1');
    expect(
      await station.call('NotifyChargingLimit', {
        evseId: 1,
        chargingLimit: { chargingLimitSource: 'EMS', isGridCritical: false },
        chargingSchedule: [
          {
            id: 1,
            chargingRateUnit: 'A',
            chargingSchedulePeriod: [{ startPeriod: 0, limit: 16.5 }],
          },
        ],
      }),
    ).toEqual({});
    expect(
      await station.call('ClearedChargingLimit', { chargingLimitSource: 'EMS', evseId: 1 }),
    ).toEqual({});
    // The car's needs (ISO 15118), with decimals and without the optional figures.
    expect(
      await station.call('NotifyEVChargingNeeds', {
        evseId: 1,
        chargingNeeds: {
          requestedEnergyTransfer: 'AC_three_phase',
          acChargingParameters: {
            energyAmount: 22000,
            evMinCurrent: 6,
            evMaxCurrent: 32,
            evMaxVoltage: 400,
          },
        },
      }),
    ).toEqual({ status: 'Accepted' });
    expect(await station.call('NotifyDisplayMessages', { requestId: 3, tbc: false })).toEqual({});
    expect(
      await station.call('ReservationStatusUpdate', {
        reservationId: 9,
        reservationUpdateStatus: 'Expired',
      }),
    ).toEqual({});
    const rows = await t.app.ctx.db
      .select()
      .from(chargerNotices)
      .where(eq(chargerNotices.chargerId, charger.id));
    expect(rows.map((r) => [r.kind, r.type]).sort()).toEqual([
      ['evNeeds', 'NotifyEVChargingNeeds'],
      ['limit', 'ClearedChargingLimit'],
      ['limit', 'NotifyChargingLimit'],
      ['report', 'NotifyDisplayMessages'],
      ['reservation', 'Expired'],
    ]);
    const limit = rows.find((r) => r.type === 'NotifyChargingLimit');
    expect(limit?.detail).toMatchObject({ chargingLimit: { chargingLimitSource: 'EMS' } });
    const operator = await signInAsStaff(t.app, { role: 'operator' });
    const listed = await t.app.inject({
      url: `/api/admin/chargers/${charger.id}/notices`,
      headers: bearer(operator),
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json<{ items: { kind: string }[] }>().items.map((n) => n.kind)).toContain(
      'evNeeds',
    );
  });
});

describe('the operators’ view of charger transactions', () => {
  it('is for operators only, and checks its input', async () => {
    const user = await registerUser(t.app);
    const station = await signInAsStaff(t.app, { role: 'station' });
    for (const path of ['/api/admin/charger-transactions', '/api/admin/charges/review']) {
      expect((await t.app.inject({ url: path })).statusCode).toBe(401);
      expect((await t.app.inject({ url: path, headers: bearer(user.token) })).statusCode).toBe(403);
      expect((await t.app.inject({ url: path, headers: bearer(station) })).statusCode).toBe(403);
    }
    const operator = await signInAsStaff(t.app, { role: 'operator' });
    const bad = await t.app.inject({
      url: '/api/admin/charger-transactions?take=500',
      headers: bearer(operator),
    });
    expect(bad.statusCode).toBe(400);
    const missing = await t.app.inject({
      url: `/api/admin/chargers/${crypto.randomUUID()}/notices`,
      headers: bearer(operator),
    });
    expect(missing.statusCode).toBe(404);
    const notUuid = await t.app.inject({
      url: '/api/admin/chargers/nope/notices',
      headers: bearer(operator),
    });
    expect(notUuid.statusCode).toBe(400);
  });

  it('shows one charger, and every transaction it reported, billed or not', async () => {
    const { charger, station } = await connected('ocpp1.6');
    const other = await connected('ocpp1.6');
    const operator = await signInAsStaff(t.app, { role: 'operator' });
    const start = await station.call('StartTransaction', {
      connectorId: 1,
      idTag: 'STRANGER-02',
      meterStart: 0,
      timestamp: at(0),
    });
    await station.waitFor('RemoteStopTransaction', (p) => p.transactionId === start.transactionId);
    await station.call('StopTransaction', {
      transactionId: start.transactionId,
      meterStop: 250,
      timestamp: at(1),
      reason: 'Remote',
    });
    const elsewhere = await other.station.call('StartTransaction', {
      connectorId: 1,
      idTag: 'STRANGER-03',
      meterStart: 0,
      timestamp: at(0),
    });

    const one = await t.app.inject({
      url: `/api/admin/chargers/${charger.identity}`,
      headers: bearer(operator),
    });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({
      id: charger.id,
      identity: charger.identity,
      online: true,
      protocol: 'ocpp1.6',
      connectors: [{ connectorId: 1 }, { connectorId: 2 }],
    });
    const listed = await t.app.inject({
      url: `/api/admin/chargers/${charger.id}/transactions?take=10`,
      headers: bearer(operator),
    });
    expect(listed.statusCode).toBe(200);
    // Only this charger's: the other charger's transaction is not in it.
    expect(listed.json()).toMatchObject({
      total: 1,
      items: [
        {
          identity: charger.identity,
          transactionId: String(start.transactionId),
          idTag: 'STRANGER-02',
          billing: 'unbilled',
          energyWh: 250,
          stopReason: 'Remote',
        },
      ],
    });

    const missing = await t.app.inject({
      url: '/api/admin/chargers/NO-SUCH-CHARGER',
      headers: bearer(operator),
    });
    expect(missing.statusCode).toBe(404);
    const noCharger = await t.app.inject({
      url: `/api/admin/chargers/${crypto.randomUUID()}/transactions`,
      headers: bearer(operator),
    });
    expect(noCharger.statusCode).toBe(404);
    const badTake = await t.app.inject({
      url: `/api/admin/chargers/${charger.id}/transactions?take=0`,
      headers: bearer(operator),
    });
    expect(badTake.statusCode).toBe(400);
    const user = await registerUser(t.app);
    const staff = await signInAsStaff(t.app, { role: 'station' });
    for (const path of [
      `/api/admin/chargers/${charger.identity}`,
      `/api/admin/chargers/${charger.id}/transactions`,
    ]) {
      expect((await t.app.inject({ url: path })).statusCode).toBe(401);
      expect((await t.app.inject({ url: path, headers: bearer(user.token) })).statusCode).toBe(403);
      expect((await t.app.inject({ url: path, headers: bearer(staff) })).statusCode).toBe(403);
    }
    await other.station.call('StopTransaction', {
      transactionId: elsewhere.transactionId,
      meterStop: 10,
      timestamp: at(1),
      reason: 'Local',
    });
  });
});
