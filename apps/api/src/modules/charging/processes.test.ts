import { randomBytes } from 'node:crypto';
import type { Charge } from '@stod/domain';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_PATH } from '../../platform/realtime.ts';
import { bearer, createTestApp, secondProcess, type TestApp } from '../../test/app.ts';
import { checkBooks } from '../../test/books.ts';
import { checkChargingBooks } from '../../test/charging-books.ts';
import {
  boot16,
  listen,
  meter16,
  openCharge,
  registerCharger,
  scriptedCharger,
  type ScriptedCharger,
} from '../../test/chargers.ts';
import { bootRaw, rawCharger, transactionEvent } from '../../test/raw-charger.ts';
import { cardCustomer, openHolds } from '../../test/stations.ts';
import { chargerKey, endpointOf } from './commands.ts';

// Two API processes behind one load balancer: they share the database and the bus (Redis). The
// charger holds its OCPP connection to A; the user's app talks to B. B's commands reach the
// charger through A, and A's charge events reach the user's socket on B.
//
// The bus carries commands between processes only with REDIS_URL (commands.ts): without Redis,
// each app has its own in-memory bus (platform/context.ts builds one per app) and B answers a
// charger it does not hold with "offline". So this file runs only with TEST_REDIS_URL. The
// database is A's: PGlite shared in-process, or, with TEST_DATABASE_URL, A's PostgreSQL database
// through a pool of B's own.

const redisUrl = process.env.TEST_REDIS_URL;

let a: TestApp;
let b: FastifyInstance;
let ocppOfA: string;
let baseOfB: string;
let station: ScriptedCharger | undefined;
let socket: Socket | undefined;

interface Heard {
  name: string;
  object: Record<string, unknown>;
  kind: string;
}

/** Waits for a condition on what was heard, up to a deadline; never for a fixed time. */
async function until(check: () => boolean | Promise<boolean>, what: string, ms = 10_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.skipIf(!redisUrl)('two API processes sharing one bus and one database', () => {
  beforeAll(async () => {
    const prefix = `stod-test-${randomBytes(6).toString('hex')}:`;
    a = await createTestApp({ REDIS_KEY_PREFIX: prefix });
    b = await secondProcess(a, redisUrl ?? '', prefix);
    ocppOfA = await listen(a.app);
    baseOfB = (await b.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1');
  });

  afterAll(async () => {
    socket?.disconnect();
    await station?.close();
    // B first: with PGlite it borrows A's database, with PostgreSQL A's close drops it.
    await b.close();
    await a.close();
  });

  it("start and stop sent to B reach A's charger, and A's events reach the socket on B", async () => {
    const charger = await registerCharger(a.app, { tariff: { type: 'kWh', price: 350 } });
    station = await scriptedCharger(ocppOfA, charger.identity);
    await boot16(station);
    const user = await cardCustomer(b);
    // The charger is A's alone.
    expect(endpointOf(a.app.ctx)?.commandsOf(charger.identity)).toBeTruthy();
    expect(endpointOf(b.ctx)?.commandsOf(charger.identity)).toBeNull();

    const heard: Heard[] = [];
    socket = connect(baseOfB, {
      path: REALTIME_PATH,
      auth: { token: user.token },
      transports: ['websocket'],
      reconnection: false,
    });
    socket.onAny((name: string, object: Record<string, unknown>, kind: string) => {
      heard.push({ name, object, kind });
    });
    await new Promise<void>((resolve, reject) => {
      socket?.once('connect', resolve);
      socket?.once('connect_error', reject);
    });

    const created = await b.inject({
      method: 'POST',
      url: '/api/charges',
      headers: { ...bearer(user.token), 'idempotency-key': `two-${crypto.randomUUID()}` },
      payload: {
        installationId: charger.installationId,
        chargerId: charger.id,
        connectorId: 1,
        paymentMethodId: user.cardId,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const charge = created.json<Charge>();
    const statesHeard = () =>
      heard.filter((h) => h.name === charge.id).map((h) => (h.object as Charge).state);
    const start = () =>
      b.inject({
        method: 'POST',
        url: `/api/charges/${charge.id}/start`,
        headers: bearer(user.token),
      });

    // The charger's refusal travels back through A to B's answer.
    station.handlers.RemoteStartTransaction = () => ({ status: 'Rejected' });
    const refused = await start();
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CHARGER_REFUSED' });
    expect(station.received.filter((r) => r.method === 'RemoteStartTransaction')).toHaveLength(1);

    station.handlers.RemoteStartTransaction = () => ({ status: 'Accepted' });
    const started = await start();
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json<Charge>().state).toBe('waiting');
    const remotes = station.received.filter((r) => r.method === 'RemoteStartTransaction');
    expect(remotes).toHaveLength(2);
    const idTag = remotes[1]?.params.idTag as string;
    expect(remotes[1]?.params.connectorId).toBe(1);

    // The car is plugged in at A's charger: B's socket hears the charge running.
    const tx = await station.call('StartTransaction', {
      connectorId: 1,
      idTag,
      meterStart: 500,
      timestamp: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(tx).toMatchObject({ idTagInfo: { status: 'Accepted' } });
    const transactionId = tx.transactionId as number;
    await until(() => statesHeard().includes('charging'), 'charging on B');
    await station.call('MeterValues', meter16(transactionId, 4_500, 7_400));
    await until(
      () =>
        heard.some(
          (h) =>
            h.name === charge.id && (h.object as Charge).kwh === 4 && h.kind === 'charge.changed',
        ),
      'the 4 kWh reading on B',
    );

    const stopped = await b.inject({
      method: 'POST',
      url: `/api/charges/${charge.id}/stop`,
      headers: bearer(user.token),
    });
    expect(stopped.statusCode, stopped.body).toBe(200);
    const remoteStop = station.received.find((r) => r.method === 'RemoteStopTransaction');
    expect(remoteStop?.params.transactionId).toBe(transactionId);
    await station.call('StopTransaction', {
      transactionId,
      meterStop: 10_500,
      timestamp: new Date().toISOString(),
      reason: 'Remote',
    });

    // A settled it; B's socket hears the end once, and the receipt.
    await until(() => statesHeard().includes('completed'), 'completed on B');
    await until(() => heard.some((h) => h.kind === 'receipt.created'), 'the receipt on B');
    const completed = heard.filter(
      (h) => h.name === charge.id && (h.object as Charge).state === 'completed',
    );
    expect(completed).toHaveLength(1);
    const done = completed[0]?.object as Charge;
    expect(done).toMatchObject({ kwh: 10, amount: 35_00, captured: 35_00, held: 300_00 });
    expect(done.released).toBe(done.held - done.captured);
    const receipt = heard.find((h) => h.kind === 'receipt.created');
    expect(receipt?.name).toBe(done.receiptId);
    expect(receipt?.object).toMatchObject({ productType: 'Charge', amount: 35_00 });
    // The states came in their order, whichever process raised each.
    const first = (state: Charge['state']) => statesHeard().indexOf(state);
    expect(first('waiting')).toBeGreaterThanOrEqual(0);
    expect(first('waiting')).toBeLessThan(first('charging'));
    expect(first('charging')).toBeLessThan(first('stopping'));
    expect(first('stopping')).toBeLessThan(first('completed'));

    // Both processes read the same charge.
    for (const app of [a.app, b]) {
      const read = await app.inject({
        url: `/api/charges/${charge.id}`,
        headers: bearer(user.token),
      });
      expect(read.json<Charge>()).toMatchObject({ state: 'completed', receiptId: done.receiptId });
    }
    expect(await openHolds(b.ctx.db, user.id)).toBe(0);
    expect(await checkBooks(b.ctx.db)).toEqual([]);
  });

  it('a charger that connects again to B takes over from its older connection on A', async () => {
    const charger = await registerCharger(a.app, { tariff: { type: 'kWh', price: 350 } });
    const older = await scriptedCharger(ocppOfA, charger.identity);
    let olderClosed: { code: number } | null = null;
    older.client.once('close', (event: { code: number }) => {
      olderClosed = event;
    });
    await boot16(older);
    const ocppOfB = `${baseOfB.replace(/^http/, 'ws')}/ocpp`;
    const newer = await scriptedCharger(ocppOfB, charger.identity);
    try {
      await boot16(newer);
      // A hears of the newer claim and closes its connection: one charger, one connection.
      await until(() => olderClosed !== null, 'the older connection closed');
      expect(olderClosed).toMatchObject({ code: 4000 });
      await until(
        async () =>
          (await a.app.ctx.devices.holders.holderOf(chargerKey(charger.identity)))?.node ===
          b.ctx.devices.holders.node,
        'B holds the charger',
      );
      // A command sent to A reaches the charger through B.
      const user = await cardCustomer(a.app);
      const charge = await openCharge(a.app, user, charger);
      const start = await a.app.inject({
        method: 'POST',
        url: `/api/charges/${charge.id}/start`,
        headers: bearer(user.token),
      });
      expect(start.statusCode, start.body).toBe(200);
      expect(newer.received.some((r) => r.method === 'RemoteStartTransaction')).toBe(true);
      expect(older.received.some((r) => r.method === 'RemoteStartTransaction')).toBe(false);
      const cancel = await a.app.inject({
        method: 'POST',
        url: `/api/charges/${charge.id}/stop`,
        headers: bearer(user.token),
      });
      expect(cancel.statusCode, cancel.body).toBe(200);
      // The charger says its connector is free: no transaction, so the charge ends unbilled.
      await newer.call('StatusNotification', {
        connectorId: 1,
        errorCode: 'NoError',
        status: 'Available',
      });
      await until(
        async () =>
          (
            await a.app.inject({ url: `/api/charges/${charge.id}`, headers: bearer(user.token) })
          ).json<Charge>().state === 'cancelled',
        'the charge cancelled',
      );
    } finally {
      await newer.close();
      await older.close();
    }
  });

  it('a 2.0.1 remote start naming no idToken, stopped early through B, is linked on A and billed once', async () => {
    const charger = await registerCharger(a.app, { tariff: { type: 'kWh', price: 350 } });
    const raw = await rawCharger(ocppOfA, charger.identity, 'ocpp2.0.1');
    try {
      await bootRaw(raw, 'ocpp2.0.1');
      const user = await cardCustomer(b);
      const charge = await openCharge(b, user, charger);
      const start = await b.inject({
        method: 'POST',
        url: `/api/charges/${charge.id}/start`,
        headers: bearer(user.token),
      });
      expect(start.statusCode, start.body).toBe(200);
      const request = await raw.waitFor('RequestStartTransaction');
      // Stopped on B before the charger named its transaction: it holds on, and asks through A.
      const stop = await b.inject({
        method: 'POST',
        url: `/api/charges/${charge.id}/stop`,
        headers: bearer(user.token),
      });
      expect(stop.json<Charge>().state).toBe('stopping');
      await raw.waitFor('TriggerMessage');
      const tx = `TX-${crypto.randomUUID().slice(0, 13)}`;
      const remoteStartId = request.remoteStartId as number;
      await raw.call(
        'TransactionEvent',
        transactionEvent('Started', tx, 0, { value: 1000.25, unit: 'Wh' }, { remoteStartId }),
      );
      await raw.waitFor('RequestStopTransaction', (p) => p.transactionId === tx);
      const ended = transactionEvent('Ended', tx, 1, { value: 1.40025, unit: 'kWh' });
      await raw.call('TransactionEvent', ended);
      await raw.call('TransactionEvent', ended);
      const read = async () =>
        (
          await b.inject({ url: `/api/charges/${charge.id}`, headers: bearer(user.token) })
        ).json<Charge>();
      await until(async () => (await read()).state === 'completed', 'completed');
      // 400 Wh at 3.50 kr./kWh.
      expect(await read()).toMatchObject({ kwh: 0.4, amount: 1_40, captured: 1_40 });
      expect(await openHolds(b.ctx.db, user.id)).toBe(0);
      expect(await checkChargingBooks(a.app.ctx.db)).toEqual([]);
    } finally {
      raw.close();
    }
  });
});
