import { randomBytes } from 'node:crypto';
import type { Charge } from '@stod/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, secondProcess, type TestApp } from '../../test/app.ts';
import {
  boot16,
  listen,
  meter16,
  openAndStart,
  registerCharger,
  scriptedCharger,
  type ScriptedCharger,
} from '../../test/chargers.ts';
import { cardCustomer, openHolds, until } from '../../test/stations.ts';
import { reconcileCharges } from './reconcile.ts';

// Charger operations with two API processes on one database and one bus: the charger holds its
// connection to A, the operator and the reconciliation act on B (or on both at once). The power
// limit's profiles, the local list and the watchdog's stop reach the charger through A, and the
// watchdog tells the customer once. Runs only with TEST_REDIS_URL, as processes.test.ts.

const redisUrl = process.env.TEST_REDIS_URL;

let a: TestApp;
let b: FastifyInstance;
let ocppOfA: string;
const open: ScriptedCharger[] = [];

const minute = (n: number) => new Date(Date.now() - 30 * 60_000 + n * 60_000);

describe.skipIf(!redisUrl)('charger operations across two API processes', () => {
  beforeAll(async () => {
    const prefix = `stod-test-${randomBytes(6).toString('hex')}:`;
    a = await createTestApp({ REDIS_KEY_PREFIX: prefix });
    b = await secondProcess(a, redisUrl ?? '', prefix);
    ocppOfA = await listen(a.app);
  });

  afterAll(async () => {
    for (const station of open) await station.close();
    await b.close();
    await a.close();
  });

  async function runningOnA(handlers = {}) {
    const charger = await registerCharger(a.app, { maxPowerKw: 22 });
    const station = await scriptedCharger(ocppOfA, charger.identity, {
      handlers: {
        SetChargingProfile: () => ({ status: 'Accepted' }),
        SendLocalList: () => ({ status: 'Accepted' }),
        ...handlers,
      },
    });
    open.push(station);
    await boot16(station);
    const user = await cardCustomer(b);
    const { charge, idTag } = await openAndStart(b, station, user, charger);
    const tx = await station.call('StartTransaction', {
      connectorId: 1,
      idTag,
      meterStart: 1000,
      timestamp: minute(0).toISOString(),
    });
    return { charger, station, user, charge, transactionId: tx.transactionId as number };
  }

  it('an installation limit set on B reaches the charger held by A, and the customer sees it', async () => {
    const r = await runningOnA();
    const set = await b.inject({
      method: 'PUT',
      url: `/api/admin/installations/${r.charger.installationId}/power-limit`,
      headers: bearer(r.charger.operatorToken),
      payload: { limitKw: 7.4 },
    });
    expect(set.statusCode, set.body).toBe(200);
    const profile = r.station.received.find((m) => m.method === 'SetChargingProfile');
    expect(profile?.params).toMatchObject({
      connectorId: 1,
      csChargingProfiles: {
        transactionId: r.transactionId,
        chargingSchedule: { chargingRateUnit: 'W', chargingSchedulePeriod: [{ limit: 7400 }] },
      },
    });
    const seen = await until(
      async () =>
        (
          await b.inject({ url: `/api/charges/${r.charge.id}`, headers: bearer(r.user.token) })
        ).json<Charge>(),
      (c) => c.powerLimitKw === 7.4,
    );
    expect(seen.state).toBe('charging');
    // The local list from B too.
    const list = await b.inject({
      method: 'PUT',
      url: `/api/admin/chargers/${r.charger.identity}/local-list`,
      headers: bearer(r.charger.operatorToken),
    });
    expect(list.json()).toMatchObject({ version: 1 });
    await r.station.call('StopTransaction', {
      transactionId: r.transactionId,
      meterStop: 1000,
      timestamp: minute(1).toISOString(),
    });
  });

  it('the watchdog on both processes at once stops an idle charge through A and tells once', async () => {
    const r = await runningOnA();
    for (const at of [3, 8, 13])
      await r.station.call('MeterValues', meter16(r.transactionId, 1000, 0, minute(at)));
    await until(
      async () =>
        (
          await b.inject({ url: `/api/charges/${r.charge.id}`, headers: bearer(r.user.token) })
        ).json<Charge>(),
      (c) => c.state === 'charging',
    );
    await Promise.all([reconcileCharges(a.app.ctx), reconcileCharges(b.ctx)]);
    await until(
      () =>
        Promise.resolve(
          r.station.received.filter((m) => m.method === 'RemoteStopTransaction').length,
        ),
      (n) => n === 1,
    );
    await r.station.call('StopTransaction', {
      transactionId: r.transactionId,
      meterStop: 1000,
      timestamp: minute(14).toISOString(),
      reason: 'Remote',
    });
    const done = await until(
      async () =>
        (
          await b.inject({ url: `/api/charges/${r.charge.id}`, headers: bearer(r.user.token) })
        ).json<Charge>(),
      (c) => c.state === 'failed',
    );
    expect(done.errorKey).toBe('error.noEnergy');
    expect(await openHolds(a.app.ctx.db, r.user.id)).toBe(0);
    const outbox = await a.app.inject({
      url: `/api/dev/outbox?to=${encodeURIComponent(r.user.email)}`,
    });
    const mails = outbox.json<{ items: { subject: string }[] }>().items;
    expect(
      mails.filter(
        (m) =>
          m.subject.startsWith('We stopped your charge') || m.subject.startsWith('Vit steðgaðu'),
      ),
    ).toHaveLength(1);
  });
});
