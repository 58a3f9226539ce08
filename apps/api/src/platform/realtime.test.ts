import type { PaymentMethod, Receipt } from '@stod/domain';
import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../db/schema/index.ts';
import { authenticate } from '../modules/auth/index.ts';
import { createReceipt } from '../modules/receipts/index.ts';
import { announceActivation } from '../modules/wallet/index.ts';
import { bearer, createTestApp, registerUser, type TestApp } from '../test/app.ts';
import { addTestCard } from '../test/cards.ts';
import { REALTIME_PATH } from './realtime.ts';

let t: TestApp;
let url: string;
const sockets: Socket[] = [];

interface Heard {
  name: string;
  object: { id: string };
  kind: string;
}

async function user() {
  const { token } = await registerUser(t.app);
  const auth = await authenticate(t.app.ctx, token);
  if (!auth) throw new Error('no session');
  return { token, userId: auth.userId };
}

/** Connects and resolves once the server has accepted or refused the socket. */
function open(auth: Record<string, unknown> | undefined, transports = ['websocket']) {
  const socket = connect(url, { path: REALTIME_PATH, auth, transports, reconnection: false });
  sockets.push(socket);
  const heard: Heard[] = [];
  socket.onAny((name: string, object: { id: string }, kind: string) => {
    heard.push({ name, object, kind });
  });
  const outcome = new Promise<string>((resolve) => {
    socket.once('connect', () => {
      resolve('connected');
    });
    socket.once('connect_error', (error) => {
      resolve(error.message);
    });
  });
  return { socket, heard, outcome };
}

async function until(check: () => boolean, ms = 3_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const receiptOf = (userId: string) => ({
  userId,
  stationName: 'Støð Hoyvík',
  productType: 'Fuel' as const,
  productDescription: 'Blýfrítt 95',
  amount: 50_000,
});

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  url = `http://127.0.0.1:${String(address.port)}`;
});

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await t.close();
});

describe('realtime', () => {
  it("delivers a user's receipt to that user's sockets only, named by its id", async () => {
    const a = await user();
    const b = await user();
    // One over long polling first, as a browser starts, to show it passes Fastify's routes.
    const aPolling = open({ token: a.token }, ['polling', 'websocket']);
    const aSocket = open({ token: a.token });
    const bSocket = open({ token: b.token });
    expect(await aPolling.outcome).toBe('connected');
    expect(await aSocket.outcome).toBe('connected');
    expect(await bSocket.outcome).toBe('connected');

    const receipt = await createReceipt(t.app.ctx.db, receiptOf(a.userId), t.app.ctx.bus);
    await until(() => aSocket.heard.length > 0 && aPolling.heard.length > 0);
    expect(aSocket.heard).toEqual([{ name: receipt.id, object: receipt, kind: 'receipt.created' }]);
    expect(aPolling.heard).toEqual(aSocket.heard);

    // B's own event arrives after A's would have; by then nothing of A's has reached B.
    const own = await createReceipt(t.app.ctx.db, receiptOf(b.userId), t.app.ctx.bus);
    await until(() => bSocket.heard.length > 0);
    await new Promise((r) => setTimeout(r, 100));
    expect(bSocket.heard.map((h) => h.name)).toEqual([own.id]);
    expect(aSocket.heard.map((h) => h.name)).toEqual([receipt.id]);
    expect((bSocket.heard[0]?.object as Receipt).amount).toBe(50_000);
  });

  it('sends a provider card its activation, as the card now reads', async () => {
    const a = await user();
    const b = await user();
    const aSocket = open({ token: a.token });
    const bSocket = open({ token: b.token });
    expect(await aSocket.outcome).toBe('connected');
    expect(await bSocket.outcome).toBe('connected');
    const card = await addTestCard(t.app, a.userId);

    // A delayed job carries it, once per card, whichever process runs it.
    const activeFrom = new Date(Date.now() - 1000);
    await announceActivation(t.app.ctx, a.userId, card.id, activeFrom);
    await announceActivation(t.app.ctx, a.userId, card.id, activeFrom);
    const waiting = await t.app.ctx.db
      .select()
      .from(jobs)
      .where(eq(jobs.name, 'paymentMethod.activation'));
    expect(waiting).toHaveLength(1);
    expect(waiting[0]?.runAt.getTime()).toBe(activeFrom.getTime() + 250);
    expect(await t.app.ctx.jobs.runDue()).toBe(1);
    await until(() => aSocket.heard.length > 0);
    await new Promise((r) => setTimeout(r, 100));
    expect(aSocket.heard[0]?.name).toBe(card.id);
    expect(aSocket.heard[0]?.kind).toBe('paymentMethod.activated');
    expect((aSocket.heard[0]?.object as PaymentMethod).isActive).toBe(true);
    expect(bSocket.heard).toEqual([]);
  });

  it('sends nothing for an object that is gone by then', async () => {
    const a = await user();
    const aSocket = open({ token: a.token });
    expect(await aSocket.outcome).toBe('connected');
    await t.app.ctx.bus.publish('receipt.created', {
      userId: a.userId,
      receiptId: '00000000-0000-4000-8000-000000000000',
    });
    const marker = await createReceipt(t.app.ctx.db, receiptOf(a.userId), t.app.ctx.bus);
    await until(() => aSocket.heard.length > 0);
    expect(aSocket.heard.map((h) => h.name)).toEqual([marker.id]);
  });

  it('refuses a missing, malformed or unknown token', async () => {
    expect(await open(undefined).outcome).toBe('UNAUTHORIZED');
    expect(await open({ token: 42 }).outcome).toBe('UNAUTHORIZED');
    expect(await open({ token: 'short' }).outcome).toBe('UNAUTHORIZED');
    expect(await open({ token: 'x'.repeat(43) }).outcome).toBe('UNAUTHORIZED');
  });

  it("refuses a signed-out session's token", async () => {
    const a = await user();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signOut',
      headers: bearer(a.token),
    });
    expect(res.statusCode).toBeLessThan(300);
    expect(await open({ token: a.token }).outcome).toBe('UNAUTHORIZED');
  });

  it('drops a socket whose session was signed out since, before it hears anything', async () => {
    const a = await user();
    const aSocket = open({ token: a.token });
    expect(await aSocket.outcome).toBe('connected');
    const dropped = new Promise<string>((resolve) => {
      aSocket.socket.once('disconnect', resolve);
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signOut',
      headers: bearer(a.token),
    });
    expect(res.statusCode).toBeLessThan(300);
    await createReceipt(t.app.ctx.db, receiptOf(a.userId), t.app.ctx.bus);
    expect(await dropped).toBe('io server disconnect');
    expect(aSocket.heard).toEqual([]);
  });

  it("closes the other sessions' sockets when the password changes, and keeps this one's", async () => {
    const { token, email, password } = await registerUser(t.app);
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signIn',
      payload: { email, password },
    });
    const other = signedIn.json<{ access_token: string }>().access_token;
    const mine = open({ token });
    const theirs = open({ token: other });
    expect(await mine.outcome).toBe('connected');
    expect(await theirs.outcome).toBe('connected');
    const dropped = new Promise<string>((resolve) => {
      theirs.socket.once('disconnect', resolve);
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/updatePassword',
      headers: bearer(token),
      payload: { oldPassword: password, password: 'nytt-loyniord-1' },
    });
    expect(res.statusCode).toBeLessThan(300);
    expect(await dropped).toBe('io server disconnect');
    expect(mine.socket.connected).toBe(true);
  });

  it('leaves the HTTP API as it was', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
  });
});
