import type { Alarm, AlarmList } from '@stod/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alarms,
  chargers,
  foodOrders,
  installations,
  payments as paymentRows,
  stations,
} from '../../db/schema/index.ts';
import type { ForecourtSim } from '../../integrations/forecourt/sim.ts';
import { seedStationNetwork } from '../../seed/index.ts';
import {
  bearer,
  createTestApp,
  lastMailTo,
  registerUser,
  secondProcess,
  uniqueEmail,
  type TestApp,
} from '../../test/app.ts';
import { addTestCard } from '../../test/cards.ts';
import { signInAsStaff } from '../../test/staff.ts';
import * as payments from '../payments/index.ts';
import { sweepAlarms } from './index.ts';

let t: TestApp;
let forecourt: ForecourtSim;
let operator: string;
let manager: string;
let managerEmail: string;
let otherManager: string;
/** A station with pumps, the manager's; and another, not theirs. */
let station: { id: number; site: string; name: string };
let other: { id: number; site: string };

beforeAll(async () => {
  t = await createTestApp();
  forecourt = t.app.ctx.forecourt as ForecourtSim;
  await seedStationNetwork(t.app.ctx.db);
  const rows = await t.app.ctx.db
    .select({
      id: stations.id,
      site: stations.tokheimStationId,
      name: stations.name,
      services: stations.services,
    })
    .from(stations)
    .orderBy(stations.id);
  const withFuel = rows.filter((s) => s.services.includes('fuel'));
  station = withFuel[0]!;
  other = withFuel[1]!;
  operator = await signInAsStaff(t.app, { role: 'operator' });
  managerEmail = uniqueEmail('manager');
  manager = await signInAsStaff(t.app, {
    role: 'station',
    stationIds: [station.id],
    email: managerEmail,
  });
  otherManager = await signInAsStaff(t.app, { role: 'station', stationIds: [other.id] });
});
afterAll(() => t.close());

const list = (token: string, query = '', app: FastifyInstance = t.app) =>
  app.inject({ url: `/api/admin/alarms${query}`, headers: bearer(token) });
const open = async (token: string, app: FastifyInstance = t.app) =>
  (await list(token, '', app)).json<AlarmList>();
const acknowledge = (token: string, id: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/alarms/${id}/acknowledgement`,
    headers: { ...bearer(token), 'x-audit-reason': encodeURIComponent('Eg eri á veg') },
  });

/** Asks until `read` answers what `done` wants; the watcher's sweep runs half a second later. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 100; i += 1) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  return read();
}

const pumpAlarm = (items: Alarm[], point: number, s = station) =>
  items.find((a) => a.kind === 'pump.fault' && a.stationId === s.id && a.subject.point === point);

describe('a pump that faults', () => {
  let alarm: Alarm;

  it('raises a red alarm at once, for the operator and the station’s manager only', async () => {
    await forecourt.fault(station.site, 2);
    const seen = await until(
      () => open(operator),
      (l) => pumpAlarm(l.items, 2) !== undefined,
    );
    alarm = pumpAlarm(seen.items, 2)!;
    expect(alarm).toMatchObject({
      kind: 'pump.fault',
      severity: 'fault',
      stationName: station.name,
      clearedAt: null,
      acknowledgedAt: null,
    });
    expect(seen.counts.fault).toBeGreaterThanOrEqual(1);
    expect(seen.stations.find((s) => s.stationId === station.id)?.fault).toBeGreaterThanOrEqual(1);

    expect(pumpAlarm((await open(manager)).items, 2)?.id).toBe(alarm.id);
    const theirs = await open(otherManager);
    expect(theirs.items.filter((a) => a.stationId !== other.id)).toEqual([]);
    expect(theirs.stations.every((s) => s.stationId === other.id)).toBe(true);
  });

  it('is one alarm however often the sweep runs', async () => {
    await sweepAlarms(t.app.ctx);
    await sweepAlarms(t.app.ctx);
    const items = (await open(operator)).items.filter(
      (a) => a.kind === 'pump.fault' && a.stationId === station.id && a.subject.point === 2,
    );
    expect(items.map((a) => a.id)).toEqual([alarm.id]);
  });

  it('is refused to kitchen, support and customers, and to a manager of another station', async () => {
    const kitchen = await signInAsStaff(t.app, { role: 'kitchen', stationIds: [station.id] });
    const support = await signInAsStaff(t.app, { role: 'support' });
    const customer = (await registerUser(t.app)).token;
    for (const token of [kitchen, support, customer]) {
      expect((await list(token)).statusCode).toBe(403);
      expect((await acknowledge(token, alarm.id)).statusCode).toBe(403);
    }
    expect((await t.app.inject({ url: '/api/admin/alarms' })).statusCode).toBe(401);
    expect((await acknowledge(otherManager, alarm.id)).statusCode).toBe(404);
  });

  it('refuses bad input with a clear error', async () => {
    expect((await list(operator, '?state=closed')).statusCode).toBe(400);
    expect((await list(operator, '?stationId=abc')).statusCode).toBe(400);
    const bad = await acknowledge(operator, 'not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).not.toMatch(/stack|select /i);
    expect((await acknowledge(operator, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(
      404,
    );
  });

  it('is acknowledged by the manager, once, and the audit log keeps who and why', async () => {
    const first = await acknowledge(manager, alarm.id);
    expect(first.statusCode).toBe(200);
    expect(first.json<Alarm>()).toMatchObject({
      id: alarm.id,
      acknowledgedBy: { name: 'Starvsfólk' },
    });
    expect(first.json<Alarm>().acknowledgedAt).not.toBeNull();
    const again = await acknowledge(operator, alarm.id);
    expect(again.json<Alarm>().acknowledgedAt).toBe(first.json<Alarm>().acknowledgedAt);
    const audit = await t.app.inject({
      url: `/api/admin/audit?action=${encodeURIComponent('POST /api/admin/alarms/:id/acknowledgement')}`,
      headers: bearer(operator),
    });
    expect(audit.body).toContain('Eg eri á veg');
  });

  it('clears when the pump is back, and a cleared alarm cannot be acknowledged', async () => {
    await forecourt.online(station.site, 2);
    await until(
      () => open(operator),
      (l) => pumpAlarm(l.items, 2) === undefined,
    );
    const cleared = (await list(operator, '?state=cleared')).json<AlarmList>();
    expect(cleared.items.find((a) => a.id === alarm.id)?.clearedAt).not.toBeNull();
    const late = await acknowledge(operator, alarm.id);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'ALARM_CLEARED' });
  });
});

describe('a fault that lasts', () => {
  it('is mailed once to the station’s manager, not when acknowledged', async () => {
    await forecourt.fault(station.site, 3);
    const alarm = pumpAlarm(
      (
        await until(
          () => open(operator),
          (l) => pumpAlarm(l.items, 3) !== undefined,
        )
      ).items,
      3,
    )!;
    // Eleven minutes ago, past ALARM_ESCALATE_MINUTES (10).
    await t.app.ctx.db
      .update(alarms)
      .set({ raisedAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(alarms.id, alarm.id));
    await sweepAlarms(t.app.ctx);
    const mail = await lastMailTo(t.app, managerEmail);
    expect(mail?.subject).toBe(`Ávaring: Pumpa 3 er í ólagi – ${station.name}`);
    expect(mail?.text).toContain('/console/alarms');
    const after = pumpAlarm((await open(operator)).items, 3);
    expect(after?.escalatedAt).not.toBeNull();

    await sweepAlarms(t.app.ctx);
    const outbox = await t.app.inject({
      url: `/api/dev/outbox?to=${encodeURIComponent(managerEmail)}`,
    });
    expect(
      outbox
        .json<{ items: { subject: string }[] }>()
        .items.filter((m) => m.subject.includes('Pumpa 3')),
    ).toHaveLength(1);
    await forecourt.online(station.site, 3);
  });
});

describe('an order nobody accepted', () => {
  it('raises an amber alarm after two minutes for the station, which clears once accepted', async () => {
    const user = await registerUser(t.app);
    const me = await t.app.inject({ url: '/api/user/v2', headers: bearer(user.token) });
    const userId = me.json<{ id: string }>().id;
    const placed = new Date(Date.now() - 3 * 60_000);
    const [order] = await t.app.ctx.db
      .insert(foodOrders)
      .values({
        userId,
        stationId: station.id,
        stationName: station.name,
        number: 417,
        mode: 'take-out',
        pickupAt: placed,
        asap: true,
        state: 'placed',
        lines: [],
        total: 8_900,
        menuVersion: 'test',
        createdAt: placed,
      })
      .returning({ id: foodOrders.id });
    // Placed a minute ago: not yet an alarm.
    const [fresh] = await t.app.ctx.db
      .insert(foodOrders)
      .values({
        userId,
        stationId: station.id,
        stationName: station.name,
        number: 418,
        mode: 'take-out',
        pickupAt: new Date(),
        asap: true,
        state: 'placed',
        lines: [],
        total: 4_500,
        menuVersion: 'test',
      })
      .returning({ id: foodOrders.id });
    await sweepAlarms(t.app.ctx);
    const mine = (await open(manager)).items.filter((a) => a.kind === 'order.waiting');
    expect(mine.map((a) => a.subject.orderNumber)).toEqual([417]);
    expect(mine[0]).toMatchObject({ severity: 'warning', stationId: station.id });
    expect((await open(otherManager)).items.some((a) => a.kind === 'order.waiting')).toBe(false);

    await t.app.ctx.db
      .update(foodOrders)
      .set({ state: 'accepted', acceptedAt: new Date() })
      .where(eq(foodOrders.id, order!.id));
    await t.app.ctx.db
      .update(foodOrders)
      .set({ state: 'rejected' })
      .where(eq(foodOrders.id, fresh!.id));
    await sweepAlarms(t.app.ctx);
    expect((await open(manager)).items.some((a) => a.kind === 'order.waiting')).toBe(false);
  });
});

describe('the network’s alarms', () => {
  it('raise an amber alarm for a hold older than a day, which only operators see', async () => {
    const user = await registerUser(t.app);
    const me = await t.app.inject({ url: '/api/user/v2', headers: bearer(user.token) });
    const userId = me.json<{ id: string }>().id;
    const card = await addTestCard(t.app, userId, '4242424242424242');
    const held = await payments.authorise(t.app.ctx, {
      userId,
      paymentMethodId: card.id,
      token: card.token,
      amount: 12_300,
      purpose: 'fuel',
      reference: 'old-hold',
      idempotencyKey: `old-${userId}`,
    });
    await t.app.ctx.db
      .update(paymentRows)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60_000) })
      .where(eq(paymentRows.id, held.id));
    await sweepAlarms(t.app.ctx);
    const found = (await open(operator)).items.find((a) => a.subject.paymentId === held.id);
    expect(found).toMatchObject({
      kind: 'hold.old',
      severity: 'warning',
      stationId: null,
      subject: { amount: 12_300 },
    });
    expect(
      (await open(manager)).items.find((a) => a.subject.paymentId === held.id),
    ).toBeUndefined();

    await payments.voidHold(t.app.ctx, held.id, `void-${held.id}`);
    await sweepAlarms(t.app.ctx);
    expect(
      (await open(operator)).items.find((a) => a.subject.paymentId === held.id),
    ).toBeUndefined();
  });

  it('name the station of an old hold, whose manager sees it', async () => {
    const user = await registerUser(t.app);
    const me = await t.app.inject({ url: '/api/user/v2', headers: bearer(user.token) });
    const userId = me.json<{ id: string }>().id;
    const card = await addTestCard(t.app, userId, '4242424242424242');
    const held = await payments.authorise(t.app.ctx, {
      userId,
      paymentMethodId: card.id,
      token: card.token,
      amount: 9_900,
      purpose: 'food',
      reference: 'old-food-hold',
      idempotencyKey: `old-food-${userId}`,
    });
    await t.app.ctx.db.insert(foodOrders).values({
      userId,
      stationId: station.id,
      stationName: station.name,
      number: 419,
      mode: 'take-out',
      pickupAt: new Date(),
      state: 'accepted',
      lines: [],
      total: 9_900,
      menuVersion: 'test',
      paymentId: held.id,
    });
    await t.app.ctx.db
      .update(paymentRows)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60_000) })
      .where(eq(paymentRows.id, held.id));
    await sweepAlarms(t.app.ctx);
    const theirs = (await open(manager)).items.find((a) => a.subject.paymentId === held.id);
    expect(theirs).toMatchObject({ kind: 'hold.old', stationId: station.id });
    await payments.voidHold(t.app.ctx, held.id, `void-${held.id}`);
  });

  it('raise a red alarm for a charger of the network not heard for five minutes', async () => {
    const [installation] = await t.app.ctx.db
      .insert(installations)
      .values({ name: 'Ladistøð Hoyvík', lat: 62.02, lng: -6.76 })
      .returning({ id: installations.id });
    const quiet = new Date(Date.now() - 6 * 60_000);
    await t.app.ctx.db.insert(chargers).values({
      identity: 'ALARM-AC1',
      installationId: installation!.id,
      connectors: 2,
      maxPowerKw: 22,
      tariffType: 'kWh',
      tariffPrice: 350,
      lastBootAt: quiet,
      lastSeenAt: quiet,
      connected: false,
    });
    await sweepAlarms(t.app.ctx);
    const found = (await open(operator)).items.find((a) => a.subject.charger === 'ALARM-AC1');
    expect(found).toMatchObject({ kind: 'charger.offline', severity: 'fault', stationId: null });
    expect(
      (await open(manager)).items.find((a) => a.subject.charger === 'ALARM-AC1'),
    ).toBeUndefined();
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('two processes on one database and one bus', () => {
  it('sweep at once and keep one alarm per condition', async () => {
    const prefix = t.app.ctx.config.REDIS_KEY_PREFIX;
    const b = await secondProcess(t, redisUrl ?? '', prefix);
    try {
      await forecourt.fault(station.site, 4);
      await Promise.all([sweepAlarms(t.app.ctx), sweepAlarms(b.ctx), sweepAlarms(b.ctx)]);
      const seen = await until(
        () => open(operator, t.app),
        (l) => pumpAlarm(l.items, 4) !== undefined,
      );
      const fromB = (await list(operator, '', b)).json<AlarmList>();
      expect(
        fromB.items.filter((a) => a.kind === 'pump.fault' && a.subject.point === 4),
      ).toHaveLength(1);
      expect(pumpAlarm(fromB.items, 4)?.id).toBe(pumpAlarm(seen.items, 4)?.id);
      await forecourt.online(station.site, 4);
      // The state is recorded as the pump reports it; the sweeps of both find it then.
      const after = await until(
        async () => {
          await Promise.all([sweepAlarms(b.ctx), sweepAlarms(t.app.ctx)]);
          return open(operator, b);
        },
        (l) => pumpAlarm(l.items, 4) === undefined,
      );
      expect(pumpAlarm(after.items, 4)).toBeUndefined();
    } finally {
      await b.close();
    }
  });
});
