import { randomUUID } from 'node:crypto';
import type { StationTransaction } from '@stod/domain';
import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stations } from '../../db/schema/index.ts';
import type { ForecourtSim } from '../../integrations/forecourt/sim.ts';
import { REALTIME_PATH } from '../../platform/realtime.ts';
import { seedStationNetwork } from '../../seed/index.ts';
import { bearer, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { addTestCard } from '../../test/cards.ts';

let t: TestApp;
let url: string;
let stationId: number;
let site: string;
let productId: number;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp({ SIM_SPEED: '200' });
  await seedStationNetwork(t.app.ctx.db);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  url = `http://127.0.0.1:${String(address.port)}`;
  const [station] = await t.app.ctx.db
    .select()
    .from(stations)
    .where(eq(stations.name, 'Støð Argir'));
  if (!station) throw new Error('no station');
  stationId = station.id;
  site = station.tokheimStationId;
  const detail = await t.app.inject({ url: `/api/stations/stod/${String(stationId)}` });
  productId =
    detail
      .json<{ products: { id: number; code: string }[] }>()
      .products.find((p) => p.code === 'NormalUnleaded')?.id ?? 0;
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await t.close();
});

async function customer() {
  const user = await registerUser(t.app);
  const me = (await t.app.inject({ url: '/api/user/v2', headers: bearer(user.token) })).json<{
    id: string;
  }>();
  const card = await addTestCard(t.app, me.id);
  return { token: user.token, id: me.id, cardId: card.id };
}

function listen(token: string) {
  const socket = connect(url, { path: REALTIME_PATH, auth: { token }, transports: ['websocket'] });
  sockets.push(socket);
  const heard: { name: string; object: StationTransaction; kind: string }[] = [];
  socket.onAny((name: string, object: StationTransaction, kind: string) => {
    heard.push({ name, object, kind });
  });
  const connected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return { heard, connected };
}

async function until(check: () => boolean, ms = 10_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('realtime of a refuelling', () => {
  it("sends each change to its owner under the transaction's id, and nothing to anyone else", async () => {
    const owner = await customer();
    const other = await customer();
    const mine = listen(owner.token);
    const theirs = listen(other.token);
    await Promise.all([mine.connected, theirs.connected]);

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/fuel/transactions',
      headers: { ...bearer(owner.token), 'idempotency-key': randomUUID() },
      payload: { stationId, pumpNumber: 1, productId, paymentMethodId: owner.cardId },
    });
    expect(res.statusCode).toBe(201);
    const { id } = res.json<StationTransaction>();
    await (t.app.ctx.forecourt as ForecourtSim).lift(site, 1, { litres: 12 });
    await until(() => mine.heard.some((h) => h.object.state === 'completed'));
    await until(() => mine.heard.some((h) => h.kind === 'receipt.created'));

    const changes = mine.heard.filter((h) => h.kind === 'stationTransaction.changed');
    expect(changes.every((h) => h.name === id)).toBe(true);
    // The receipt of the fill arrives too, under its own id.
    expect(mine.heard.some((h) => h.kind === 'receipt.created')).toBe(true);
    const states = changes.map((h) => h.object.state);
    expect(states).toContain('fuelling');
    expect(states.at(-1)).toBe('completed');
    // The litres only ever rise while the fill runs.
    const litres = changes
      .filter((h) => h.object.state === 'fuelling')
      .map((h) => h.object.litres ?? 0);
    expect(litres).toEqual([...litres].sort((a, b) => a - b));
    expect(theirs.heard).toEqual([]);
  });
});
