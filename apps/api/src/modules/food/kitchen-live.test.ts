import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stations } from '../../db/schema/index.ts';
import { REALTIME_PATH } from '../../platform/realtime.ts';
import { seedStationNetwork } from '../../seed/index.ts';
import { bearer, createTestApp, type TestApp } from '../../test/app.ts';
import { listen } from '../../test/chargers.ts';
import { signInAsStaff } from '../../test/staff.ts';
import { cardCustomer, until } from '../../test/stations.ts';

// The kitchen display hears its own station's orders the moment they change, and no other's.

let t: TestApp;
let url: string;
let food: number[] = [];
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  url = (await listen(t.app)).replace(/^ws/, 'http').replace(/\/ocpp\/?$/, '');
  await seedStationNetwork(t.app.ctx.db);
  const rows = await t.app.ctx.db.select().from(stations).orderBy(stations.id);
  food = rows.filter((s) => s.services.includes('food')).map((s) => s.id);
  const always = Array.from({ length: 7 }, () => ({ from: '00:00', to: '24:00' }));
  for (const id of food.slice(0, 2))
    await t.app.ctx.db.update(stations).set({ openingHours: always }).where(eq(stations.id, id));
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

function listenAs(token: string) {
  const socket = connect(url, {
    path: REALTIME_PATH,
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
  });
  sockets.push(socket);
  const heard: { stationId: number; orderId: string; state: string }[] = [];
  socket.on('kitchen.order', (notice: (typeof heard)[number]) => heard.push(notice));
  return { socket, heard, connected: new Promise((r) => socket.once('connect', () => r(true))) };
}

async function order(stationId: number) {
  const user = await cardCustomer(t.app);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/food/orders',
    headers: { ...bearer(user.token), 'idempotency-key': `live-${crypto.randomUUID()}` },
    payload: {
      stationId,
      lines: [{ type: 'product', productId: 'franskar', quantity: 1 }],
      mode: 'dine-in',
      pickupAt: 'asap',
      paymentMethodId: user.cardId,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

describe('the kitchen display’s notices', () => {
  it('reach the staff of the order’s station and operators, not another station’s staff', async () => {
    const [here, there] = food as [number, number];
    const own = listenAs(await signInAsStaff(t.app, { role: 'kitchen', stationIds: [here] }));
    const other = listenAs(await signInAsStaff(t.app, { role: 'kitchen', stationIds: [there] }));
    const operator = listenAs(await signInAsStaff(t.app, { role: 'operator' }));
    await Promise.all([own.connected, other.connected, operator.connected]);

    const id = await order(here);
    await until(
      () => Promise.resolve(own.heard.length + operator.heard.length),
      (n) => n >= 2,
    );
    expect(own.heard).toEqual([{ stationId: here, orderId: id, state: 'placed' }]);
    expect(operator.heard.map((n) => n.orderId)).toEqual([id]);
    expect(other.heard).toEqual([]);
  });
});
