import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/app.ts';
import { checkChargingBooks } from '../../test/charging-books.ts';
import {
  boot16,
  boot201,
  chargeOf,
  listen,
  openAndStart,
  registerCharger,
  scriptedCharger,
  type ScriptedCharger,
} from '../../test/chargers.ts';
import { cardCustomer, until } from '../../test/stations.ts';

// Smart charging: an installation's power limit shared among the charges running there, each
// given an equal share (at most its charger's own maximum) as a TxProfile, shared again when a
// charge starts or ends and when the limit changes; the customer sees the share.

let t: TestApp;
let url: string;
const open: ScriptedCharger[] = [];

beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t.app);
});
afterAll(async () => {
  for (const station of open) await station.close();
  const problems = await checkChargingBooks(t.app.ctx.db);
  await t.close();
  expect(problems).toEqual([]);
});

const setLimit = (token: string, installationId: string, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/installations/${installationId}/power-limit`,
    headers: bearer(token),
    payload: payload as Record<string, unknown>,
  });

/** The limits, in W, a charger was last given, by transaction; null for a cleared profile. */
function lastLimits(station: ScriptedCharger) {
  const limits = new Map<string, number | null>();
  for (const { method, params } of station.received) {
    if (method === 'SetChargingProfile') {
      const profile = (params.csChargingProfiles ?? params.chargingProfile) as {
        transactionId: number | string;
        chargingProfilePurpose: string;
        chargingSchedule:
          | { chargingRateUnit: string; chargingSchedulePeriod: { limit: number }[] }
          | { chargingRateUnit: string; chargingSchedulePeriod: { limit: number }[] }[];
      };
      expect(profile.chargingProfilePurpose).toBe('TxProfile');
      const schedule = Array.isArray(profile.chargingSchedule)
        ? profile.chargingSchedule[0]
        : profile.chargingSchedule;
      expect(schedule?.chargingRateUnit).toBe('W');
      limits.set(String(profile.transactionId), schedule?.chargingSchedulePeriod[0]?.limit ?? -1);
    }
    if (method === 'ClearChargingProfile') for (const key of limits.keys()) limits.set(key, null);
  }
  return limits;
}

const profileAnswers = {
  SetChargingProfile: () => ({ status: 'Accepted' }),
  ClearChargingProfile: () => ({ status: 'Accepted' }),
};

describe('an installation’s power limit', () => {
  it('is shared among its charges as they start and end, and the customer sees the share', async () => {
    const first = await registerCharger(t.app, { maxPowerKw: 22 });
    const second = await registerCharger(t.app, {
      maxPowerKw: 22,
      installationId: first.installationId,
    });
    const a = await scriptedCharger(url, first.identity, { handlers: profileAnswers });
    const b = await scriptedCharger(url, second.identity, {
      protocol: 'ocpp2.0.1',
      handlers: profileAnswers,
    });
    open.push(a, b);
    await boot16(a);
    await boot201(b);
    const set = await setLimit(first.operatorToken, first.installationId, { limitKw: 11 });
    expect(set.json()).toEqual({ installationId: first.installationId, powerLimitKw: 11 });

    // One car: all of it.
    const anna = await cardCustomer(t.app);
    const one = await openAndStart(t.app, a, anna, first);
    const started = await a.call('StartTransaction', {
      connectorId: 1,
      idTag: one.idTag,
      meterStart: 0,
      timestamp: new Date().toISOString(),
    });
    const txA = String(started.transactionId);
    await until(
      () => Promise.resolve(lastLimits(a).get(txA)),
      (limit) => limit === 11_000,
    );
    await until(
      () => chargeOf(t.app, anna.token, one.charge.id),
      (c) => c.powerLimitKw === 11,
    );

    // A second car at the other charger: half each.
    const bui = await cardCustomer(t.app);
    const two = await openAndStart(t.app, b, bui, second);
    const txB = `B-${String(Date.now())}`;
    await b.call('TransactionEvent', {
      eventType: 'Started',
      timestamp: new Date().toISOString(),
      triggerReason: 'RemoteStart',
      seqNo: 0,
      transactionInfo: { transactionId: txB, remoteStartId: two.remote.params.remoteStartId },
      idToken: { idToken: two.idTag, type: 'Central' },
      evse: { id: 1, connectorId: 1 },
    });
    await until(
      () => Promise.resolve([lastLimits(a).get(txA), lastLimits(b).get(txB)]),
      ([x, y]) => x === 5_500 && y === 5_500,
    );
    await until(
      () => chargeOf(t.app, bui.token, two.charge.id),
      (c) => c.powerLimitKw === 5.5,
    );

    // The second car leaves: the first has it all again.
    await b.call('TransactionEvent', {
      eventType: 'Ended',
      timestamp: new Date().toISOString(),
      triggerReason: 'EVCommunicationLost',
      seqNo: 1,
      transactionInfo: { transactionId: txB, stoppedReason: 'EVDisconnected' },
      evse: { id: 1, connectorId: 1 },
    });
    await until(
      () => Promise.resolve(lastLimits(a).get(txA)),
      (limit) => limit === 11_000,
    );

    // The limit taken away: the profile is cleared.
    await setLimit(first.operatorToken, first.installationId, { limitKw: null });
    expect(lastLimits(a).get(txA)).toBeNull();
    expect((await chargeOf(t.app, anna.token, one.charge.id)).powerLimitKw).toBeNull();
    await a.call('StopTransaction', {
      transactionId: Number(txA),
      meterStop: 0,
      timestamp: new Date().toISOString(),
    });
  });

  it('never gives out more than the limit when charges start at the same moment', async () => {
    const first = await registerCharger(t.app, { maxPowerKw: 22 });
    const others = [
      await registerCharger(t.app, { maxPowerKw: 22, installationId: first.installationId }),
      await registerCharger(t.app, { maxPowerKw: 22, installationId: first.installationId }),
    ];
    const all = [first, ...others];
    const stations: ScriptedCharger[] = [];
    for (const charger of all) {
      const station = await scriptedCharger(url, charger.identity, { handlers: profileAnswers });
      open.push(station);
      await boot16(station);
      stations.push(station);
    }
    await setLimit(first.operatorToken, first.installationId, { limitKw: 11 });
    const starts = [];
    for (const [i, charger] of all.entries()) {
      const station = stations[i] as ScriptedCharger;
      const user = await cardCustomer(t.app);
      const { idTag } = await openAndStart(t.app, station, user, charger);
      starts.push({ station, idTag });
    }
    const txs = await Promise.all(
      starts.map(async ({ station, idTag }) =>
        String(
          (
            await station.call('StartTransaction', {
              connectorId: 1,
              idTag,
              meterStart: 0,
              timestamp: new Date().toISOString(),
            })
          ).transactionId,
        ),
      ),
    );
    const shares = () =>
      txs.map((tx, i) => lastLimits(stations[i] as ScriptedCharger).get(tx) ?? null);
    await until(
      () => Promise.resolve(shares()),
      (now) => now.every((w) => w === 3_666),
    );
    // Three at once, each sharing under the installation's lock: the shares they end with sum to
    // within the limit.
    const total = shares().reduce<number>((sum, w) => sum + (w ?? 0), 0);
    expect(total).toBeLessThanOrEqual(11_000);
    for (const [i, tx] of txs.entries())
      await (stations[i] as ScriptedCharger).call('StopTransaction', {
        transactionId: Number(tx),
        meterStop: 0,
        timestamp: new Date().toISOString(),
      });
  });

  it('gives no charge more than its charger’s own maximum', async () => {
    const small = await registerCharger(t.app, { maxPowerKw: 7.4 });
    const station = await scriptedCharger(url, small.identity, { handlers: profileAnswers });
    open.push(station);
    await boot16(station);
    await setLimit(small.operatorToken, small.installationId, { limitKw: 50 });
    const user = await cardCustomer(t.app);
    const { idTag, charge } = await openAndStart(t.app, station, user, small);
    const started = await station.call('StartTransaction', {
      connectorId: 1,
      idTag,
      meterStart: 0,
      timestamp: new Date().toISOString(),
    });
    await until(
      () => Promise.resolve(lastLimits(station).get(String(started.transactionId))),
      (limit) => limit === 7_400,
    );
    await until(
      () => chargeOf(t.app, user.token, charge.id),
      (c) => c.powerLimitKw === 7.4,
    );
    await station.call('StopTransaction', {
      transactionId: started.transactionId,
      meterStop: 0,
      timestamp: new Date().toISOString(),
    });
  });

  it('checks its input and is for operators only', async () => {
    const charger = await registerCharger(t.app);
    for (const bad of [{ limitKw: 0.5 }, { limitKw: 'x' }, {}, { limitKw: 11, extra: 1 }])
      expect((await setLimit(charger.operatorToken, charger.installationId, bad)).statusCode).toBe(
        400,
      );
    expect(
      (await setLimit(charger.operatorToken, crypto.randomUUID(), { limitKw: 11 })).statusCode,
    ).toBe(404);
    const customer = await cardCustomer(t.app);
    expect(
      (await setLimit(customer.token, charger.installationId, { limitKw: 11 })).statusCode,
    ).toBe(403);
  });
});
