import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedStationNetwork } from '../../seed/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedStationNetwork(t.app.ctx.db);
});
afterAll(() => t.close());

const closedAllWeek = Array.from({ length: 7 }, () => null);
const put = (id: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/dev/stations/${id}/opening-hours`, payload });

describe('PUT /api/dev/stations/{id}/opening-hours', () => {
  it('sets a station’s hours, which the station and its menu answer with', async () => {
    const list = (await t.app.inject({ url: '/api/stations/stod?service=food' })).json<{
      items: { id: number; openingHours: unknown }[];
    }>();
    const station = list.items[0]!;
    expect((await put(String(station.id), { openingHours: closedAllWeek })).statusCode).toBe(204);
    const after = (await t.app.inject({ url: `/api/stations/stod/${String(station.id)}` })).json<{
      openingHours: unknown;
    }>();
    expect(after.openingHours).toEqual(closedAllWeek);
    // The list the API keeps for a few seconds is dropped by the change, not served stale.
    const listed = (await t.app.inject({ url: '/api/stations/stod?service=food' })).json<{
      items: { id: number; openingHours: unknown }[];
    }>();
    expect(listed.items.find((s) => s.id === station.id)?.openingHours).toEqual(closedAllWeek);
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/food/orders/quote',
      payload: {
        stationId: station.id,
        lines: [{ type: 'product', productId: 'franskar', quantity: 1 }],
      },
    });
    expect(quote.statusCode).toBe(200);
    expect((await put(String(station.id), { openingHours: station.openingHours })).statusCode).toBe(
      204,
    );
  });

  it('answers 404 for no such station and 400 for hours that are not a week', async () => {
    expect((await put('999999', { openingHours: closedAllWeek })).statusCode).toBe(404);
    const bad = await put('1', { openingHours: [{ from: '25:00', to: '01:00' }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).not.toMatch(/stack|Error:/);
    expect((await put('abc', { openingHours: closedAllWeek })).statusCode).toBe(400);
  });
});
