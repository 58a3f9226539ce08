import type { AuditEntry, StationLive } from '@stod/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedStationNetwork } from '../../seed/index.ts';
import { bearer, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { signInAsStaff } from '../../test/staff.ts';
import { until } from '../../test/stations.ts';

// One pump, bay or coffee machine out of service at a time, by the station's staff: the others
// stay as they are, the customer is refused, and the audit log keeps the point before and after.

let t: TestApp;
let operator: string;
let manager: string;
let station: number;
let other: number;
beforeAll(async () => {
  t = await createTestApp();
  await seedStationNetwork(t.app.ctx.db);
  operator = await signInAsStaff(t.app, { role: 'operator' });
  const list = (await t.app.inject({ url: '/api/stations/stod?service=food' })).json<{
    items: { id: number }[];
  }>();
  station = list.items[0]!.id;
  other = list.items[1]!.id;
  manager = await signInAsStaff(t.app, { role: 'station', stationIds: [station] });
});
afterAll(() => t.close());

const put = (
  kind: string,
  point: string | number,
  payload: object,
  token = manager,
  id: number = station,
) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/stations/${String(id)}/points/${kind}/${String(point)}`,
    headers: { ...bearer(token), 'x-audit-reason': encodeURIComponent('Slangan lekur') },
    payload,
  });

const live = async (id = station) =>
  (
    await t.app.inject({
      url: `/api/admin/stations/${String(id)}/live`,
      headers: bearer(operator),
    })
  ).json<StationLive>();

const chooseDrink = () =>
  t.app.inject({
    method: 'POST',
    url: '/api/dev/sim/beverage-machines',
    payload: { stationId: station, beverageFamily: 'COFFEE' },
  });

describe('PUT /api/admin/stations/{id}/points/{kind}/{point}', () => {
  it('takes a pump and a bay out at once, by two staff, and neither change undoes the other', async () => {
    const [pump, bay] = await Promise.all([
      put('pump', 3, { outOfService: true }),
      put('bay', 1, { outOfService: true }, operator),
    ]);
    expect(pump.statusCode, pump.body).toBe(200);
    expect(pump.json()).toMatchObject({ kind: 'pump', point: '3', outOfService: true });
    expect(bay.json()).toMatchObject({ kind: 'bay', point: '1', outOfService: true });
    const view = await live();
    expect(view.pumps.filter((p) => p.outOfService).map((p) => p.number)).toEqual([3]);
    expect(view.bays.filter((b) => b.outOfService).map((b) => b.number)).toEqual([1]);
    // Again: answers as it is and keeps the time it was first taken out.
    const again = await put('pump', 3, { outOfService: true });
    expect(again.json<{ since: string }>().since).toBe(pump.json<{ since: string }>().since);

    const back = await put('pump', 3, { outOfService: false });
    expect(back.json()).toMatchObject({ outOfService: false, since: null });
    await put('bay', 1, { outOfService: false });
    expect((await live()).pumps.some((p) => p.outOfService)).toBe(false);
  });

  it('closes a coffee machine: it shows no new code, a code it showed pours nothing, and it opens again', async () => {
    const before = await chooseDrink();
    expect(before.statusCode).toBe(200);
    const shown = before.json<{ hash: string; installationId: string }>();
    const [machine] = (await live()).machines;
    expect(machine).toMatchObject({ id: shown.installationId, outOfService: false });
    expect(machine?.state).not.toBeNull();

    const closed = await put('machine', shown.installationId, { outOfService: true });
    expect(closed.json()).toMatchObject({ kind: 'machine', outOfService: true });
    expect((await live()).machines[0]?.outOfService).toBe(true);
    const refused = await chooseDrink();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'MACHINE_OUT_OF_ORDER' });
    const customer = await registerUser(t.app);
    const read = () =>
      t.app.inject({ url: `/api/beverages/${shown.hash}`, headers: bearer(customer.token) });
    const readClosed = await read();
    expect(readClosed.statusCode).toBe(409);
    expect(readClosed.json()).toMatchObject({
      code: 'MACHINE_OUT_OF_ORDER',
      message: 'Kaffimaskinan er í ólagi. Einki varð kravt.',
    });

    await put('machine', shown.installationId, { outOfService: false });
    expect((await read()).statusCode).toBe(200);
    expect((await chooseDrink()).statusCode).toBe(200);
  });

  it('keeps the point before and after in the audit log, with the reason', async () => {
    await put('pump', 4, { outOfService: true });
    await put('pump', 4, { outOfService: false });
    // The log is written once the answer has gone: wait for both entries.
    const page = await until(
      async () =>
        (
          await t.app.inject({
            url: `/api/admin/audit?action=${encodeURIComponent('PUT /api/admin/stations/:id/points/:kind/:point')}`,
            headers: bearer(operator),
          })
        ).json<{ items: AuditEntry[] }>(),
      (p) => p.items.filter((e) => e.target.point === '4').length >= 2,
    );
    const [last, first] = page.items.filter((e) => e.target.point === '4');
    expect(first).toMatchObject({
      reason: 'Slangan lekur',
      target: { id: String(station), kind: 'pump', point: '4' },
      before: { outOfService: false, since: null },
      after: { outOfService: true },
    });
    expect(last).toMatchObject({
      before: { outOfService: true },
      after: { outOfService: false, since: null },
    });
  });

  it('answers 404 for a point the station does not have, 400 for bad input, and changes nothing', async () => {
    const machineOfOther = (await live(other)).machines[0]?.id ?? crypto.randomUUID();
    for (const [kind, point] of [
      ['pump', 77],
      ['pump', 'x'],
      ['pump', 0],
      ['bay', 99],
      ['machine', crypto.randomUUID()],
      ['machine', 'not-an-id'],
      ['machine', machineOfOther],
    ] as const) {
      const res = await put(kind, point, { outOfService: true }, operator);
      expect(res.statusCode, `${kind} ${String(point)}`).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    for (const [kind, payload] of [
      ['tap', { outOfService: true }],
      ['pump', { outOfService: 'yes' }],
      ['pump', {}],
      ['pump', { outOfService: true, extra: 1 }],
    ] as const) {
      const res = await put(kind, 1, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.body).not.toMatch(/select|stack/i);
    }
    const view = await live();
    expect(view.pumps.some((p) => p.outOfService)).toBe(false);
    expect((await live(other)).machines.some((m) => m.outOfService)).toBe(false);
  });

  it('lets only the operator and the station’s own manager change a point', async () => {
    expect((await put('pump', 1, { outOfService: true }, manager, other)).statusCode).toBe(404);
    for (const token of [
      await signInAsStaff(t.app, { role: 'support' }),
      await signInAsStaff(t.app, { role: 'kitchen', stationIds: [station] }),
      (await registerUser(t.app)).token,
    ]) {
      expect((await put('pump', 1, { outOfService: true }, token)).statusCode).toBe(403);
    }
    expect((await put('pump', 1, { outOfService: true }, '')).statusCode).toBe(401);
    expect((await live()).pumps.some((p) => p.outOfService)).toBe(false);
  });
});
