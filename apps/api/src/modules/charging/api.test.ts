import type { Charge, InstallationView } from '@stod/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkChargingBooks } from '../../test/charging-books.ts';
import { chargers, ownerCredits } from '../../db/schema/index.ts';
import { bearer, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import {
  boot16,
  chargeOf,
  listen,
  newIdentity,
  openAndStart,
  registerCharger,
  scriptedCharger,
  type ScriptedCharger,
} from '../../test/chargers.ts';
import { signInAsStaff } from '../../test/staff.ts';
import * as repo from './repo.ts';
import { cardCustomer, openHolds, until } from '../../test/stations.ts';

let t: TestApp;
let url: string;

beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t.app);
});
// The books, after everything this file did: every finished charge that delivered energy settled
// once, no hold outliving its charge (some tests leave a charge open on purpose).
afterAll(async () => {
  const problems = await checkChargingBooks(t.app.ctx.db, { openAllowed: true });
  await t.close();
  expect(problems).toEqual([]);
});

const key = () => `charge-${crypto.randomUUID()}`;
const minute = (n: number) => new Date(Date.now() - 30 * 60_000 + n * 60_000);

async function userIdOf(token: string) {
  const res = await t.app.inject({ url: '/api/user/v2', headers: bearer(token) });
  return res.json<{ id: string }>().id;
}

function create(
  token: string,
  payload: Record<string, unknown>,
  idempotencyKey: string | null = key(),
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/charges',
    headers: { ...bearer(token), ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
    payload,
  });
}

const act = (token: string, id: string, action: 'start' | 'stop' | 'cancel') =>
  t.app.inject({ method: 'POST', url: `/api/charges/${id}/${action}`, headers: bearer(token) });

/** A booted public charger and a customer with a card. */
async function setup(options: Parameters<typeof registerCharger>[1] = {}) {
  const charger = await registerCharger(t.app, options);
  const station = await scriptedCharger(url, charger.identity);
  await boot16(station);
  const user = await cardCustomer(t.app);
  const body = {
    installationId: charger.installationId,
    chargerId: charger.id,
    connectorId: 1,
    paymentMethodId: user.cardId,
  };
  return { charger, station, user, body };
}

/** Runs a started charge on the scripted charger from `fromWh` to `toWh`, between two minutes. */
async function chargeThrough(
  station: ScriptedCharger,
  idTag: string,
  span: { fromWh: number; toWh: number; start: Date; stop: Date },
) {
  const tx = await station.call('StartTransaction', {
    connectorId: 1,
    idTag,
    meterStart: span.fromWh,
    timestamp: span.start.toISOString(),
  });
  await station.call('StopTransaction', {
    transactionId: tx.transactionId,
    meterStop: span.toWh,
    timestamp: span.stop.toISOString(),
    reason: 'EVDisconnected',
  });
}

describe('installations and chargers', () => {
  it("lists public and own installations, not another user's private one", async () => {
    const owner = await registerUser(t.app);
    const stranger = await registerUser(t.app);
    const mine = await registerCharger(t.app, { public: false, ownerEmail: owner.email });
    const theirs = await registerCharger(t.app, { public: false, ownerEmail: stranger.email });
    const open = await registerCharger(t.app, { public: true });
    const res = await t.app.inject({ url: '/api/installations', headers: bearer(owner.token) });
    expect(res.statusCode).toBe(200);
    const items = res.json<{ items: InstallationView[] }>().items;
    const ids = items.map((i) => i.id);
    expect(ids).toContain(mine.installationId);
    expect(ids).toContain(open.installationId);
    expect(ids).not.toContain(theirs.installationId);
    // Own first.
    expect(items[0]?.id).toBe(mine.installationId);
    expect(items[0]?.access).toBe('own');
    expect(items[0]?.tariff?.price).toBe(0);

    const one = await t.app.inject({
      url: `/api/installations/${open.installationId}`,
      headers: bearer(owner.token),
    });
    expect(one.statusCode).toBe(200);
    expect(one.json<InstallationView>()).toMatchObject({
      id: open.installationId,
      access: 'public',
      connectorsTotal: 2,
    });
    const hidden = await t.app.inject({
      url: `/api/installations/${theirs.installationId}`,
      headers: bearer(owner.token),
    });
    expect(hidden.statusCode).toBe(404);
    const bad = await t.app.inject({
      url: '/api/installations/nope',
      headers: bearer(owner.token),
    });
    expect(bad.statusCode).toBe(400);

    const charger = await t.app.inject({
      url: `/api/charger/${open.id}`,
      headers: bearer(owner.token),
    });
    expect(charger.statusCode).toBe(200);
    expect(charger.json()).toMatchObject({
      id: open.id,
      identity: open.identity,
      installation: { id: open.installationId },
      tariff: { type: 'kWh', price: 350 },
      kind: 'AC',
    });
    const hiddenCharger = await t.app.inject({
      url: `/api/charger/${theirs.id}`,
      headers: bearer(owner.token),
    });
    expect(hiddenCharger.statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: '/api/charger/123', headers: bearer(owner.token) })).statusCode,
    ).toBe(400);
    expect((await t.app.inject({ url: '/api/installations' })).statusCode).toBe(401);
  });
});

describe('opening a charge', () => {
  it('refuses bad inputs', async () => {
    const { user, body, station } = await setup();
    expect((await create(user.token, body, null)).statusCode).toBe(400);
    expect((await create(user.token, { ...body, chargerId: 'not-a-uuid' })).statusCode).toBe(400);
    expect((await create(user.token, { ...body, connectorId: 0 })).statusCode).toBe(400);
    expect((await create(user.token, { ...body, connectorId: 99 })).statusCode).toBe(400);
    // Within the schema but beyond this charger's two connectors.
    expect((await create(user.token, { ...body, connectorId: 3 })).statusCode).toBe(404);
    expect((await create(user.token, { ...body, chargerId: crypto.randomUUID() })).statusCode).toBe(
      404,
    );
    const noCard = await create(user.token, { ...body, paymentMethodId: undefined });
    expect(noCard.statusCode, noCard.body).toBe(422);
    expect(JSON.stringify(noCard.json())).toContain('paymentMethodId');
    expect((await create(user.token, { ...body, extra: 1 })).statusCode).toBe(400);
    expect(await openHolds(t.app.ctx.db, user.id)).toBe(0);
    expect(
      (await t.app.inject({ url: '/api/charges/active', headers: bearer(user.token) })).json(),
    ).toEqual({
      charge: null,
    });
    await station.close();
  });

  it('answers the same charge and holds once for the same Idempotency-Key', async () => {
    const { user, body, station } = await setup();
    const same = key();
    const first = await create(user.token, body, same);
    const second = await create(user.token, body, same);
    expect(first.statusCode, first.body).toBe(201);
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json<Charge>().id).toBe(first.json<Charge>().id);
    expect(await openHolds(t.app.ctx.db, user.id)).toBe(1);
    const list = await t.app.inject({ url: '/api/charges', headers: bearer(user.token) });
    expect(list.json<{ total: number }>().total).toBe(1);
    await station.close();
  });

  it('allows one open charge per user (409 CHARGE_ACTIVE)', async () => {
    const { user, body, station } = await setup();
    expect((await create(user.token, body)).statusCode).toBe(201);
    const again = await create(user.token, { ...body, connectorId: 2 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CHARGE_ACTIVE' });
    expect(await openHolds(t.app.ctx.db, user.id)).toBe(1);
    await station.close();
  });

  it('refuses a connector another user holds, and an offline charger', async () => {
    const { user, body, station } = await setup();
    expect((await create(user.token, body)).statusCode).toBe(201);
    const other = await cardCustomer(t.app);
    const taken = await create(other.token, { ...body, paymentMethodId: other.cardId });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'CHARGER_UNAVAILABLE' });
    await station.close();
    const offline = await registerCharger(t.app);
    const res = await create(other.token, {
      installationId: offline.installationId,
      chargerId: offline.id,
      connectorId: 1,
      paymentMethodId: other.cardId,
    });
    expect(res.statusCode).toBe(409);
    expect(await openHolds(t.app.ctx.db, other.id)).toBe(0);
  });
});

describe('the charge through its life', () => {
  it('reads, starts, stops and lists, and hides it from other users', async () => {
    const { user, body, station } = await setup();
    const created = await create(user.token, body);
    expect(created.statusCode).toBe(201);
    const charge = created.json<Charge>();
    expect(charge).toMatchObject({ state: 'ready', label: 'ready', held: 300_00, own: false });

    const other = await cardCustomer(t.app);
    for (const res of [
      await t.app.inject({ url: `/api/charges/${charge.id}`, headers: bearer(other.token) }),
      await act(other.token, charge.id, 'start'),
      await act(other.token, charge.id, 'stop'),
      await act(other.token, charge.id, 'cancel'),
      await t.app.inject({
        method: 'DELETE',
        url: `/api/charges/${charge.id}`,
        headers: bearer(other.token),
      }),
    ])
      expect(res.statusCode, res.body).toBe(404);
    expect(
      (await t.app.inject({ url: '/api/charges/xyz', headers: bearer(user.token) })).statusCode,
    ).toBe(400);
    expect((await act(user.token, 'xyz', 'start')).statusCode).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: '/api/charges/xyz',
          headers: bearer(user.token),
        })
      ).statusCode,
    ).toBe(400);
    // Stopping a charge not yet started is refused.
    expect((await act(user.token, charge.id, 'stop')).statusCode).toBe(409);

    const active = await t.app.inject({ url: '/api/charges/active', headers: bearer(user.token) });
    expect(active.json<{ charge: Charge }>().charge.id).toBe(charge.id);

    const started = await act(user.token, charge.id, 'start');
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json<Charge>().state).toBe('waiting');
    const remote = station.received.find((m) => m.method === 'RemoteStartTransaction');
    const idTag = remote?.params.idTag as string;
    const tx = await station.call('StartTransaction', {
      connectorId: 1,
      idTag,
      meterStart: 0,
      timestamp: minute(0).toISOString(),
    });
    await until(
      () => chargeOf(t.app, user.token, charge.id),
      (c) => c.state === 'charging',
    );
    // Cancelling a running charge is refused.
    expect((await act(user.token, charge.id, 'cancel')).statusCode).toBe(409);
    const stop = await act(user.token, charge.id, 'stop');
    expect(stop.statusCode, stop.body).toBe(200);
    expect(['stopping', 'settling', 'completed']).toContain(stop.json<Charge>().state);
    await station.call('StopTransaction', {
      transactionId: tx.transactionId,
      meterStop: 2000,
      timestamp: minute(10).toISOString(),
    });
    const done = await until(
      () => chargeOf(t.app, user.token, charge.id),
      (c) => c.state === 'completed',
    );
    expect(done).toMatchObject({ kwh: 2, amount: 7_00, captured: 7_00, released: 293_00 });
    // A completed charge cannot be deleted.
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/charges/${charge.id}`,
      headers: bearer(user.token),
    });
    expect(del.statusCode).toBe(409);
    const list = await t.app.inject({
      url: '/api/charges?offset=0&take=10',
      headers: bearer(user.token),
    });
    expect(list.statusCode).toBe(200);
    expect(list.json<{ items: Charge[]; total: number }>()).toMatchObject({
      total: 1,
      items: [{ id: charge.id, state: 'completed' }],
    });
    expect(
      (await t.app.inject({ url: '/api/charges/active', headers: bearer(user.token) })).json(),
    ).toEqual({ charge: null });
    await station.close();
  });

  it('cancels before the start and voids the hold', async () => {
    const { user, body, station } = await setup();
    const charge = (await create(user.token, body)).json<Charge>();
    expect(await openHolds(t.app.ctx.db, user.id)).toBe(1);
    const cancelled = await act(user.token, charge.id, 'cancel');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<Charge>()).toMatchObject({ state: 'cancelled', label: 'cancelled' });
    const after = await chargeOf(t.app, user.token, charge.id);
    expect(after.released).toBe(after.held);
    expect(after.captured).toBe(0);
    expect(await openHolds(t.app.ctx.db, user.id)).toBe(0);
    // Cancelling again answers the same; starting it is refused.
    expect((await act(user.token, charge.id, 'cancel')).statusCode).toBe(200);
    expect((await act(user.token, charge.id, 'start')).statusCode).toBe(409);
    // And a new charge may be opened.
    expect((await create(user.token, body)).statusCode).toBe(201);
    await station.close();
  });

  it('deletes a charge that never started (204) and releases its hold', async () => {
    const { user, body, station } = await setup();
    const charge = (await create(user.token, body)).json<Charge>();
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/charges/${charge.id}`,
      headers: bearer(user.token),
    });
    expect(del.statusCode, del.body).toBe(204);
    expect(await openHolds(t.app.ctx.db, user.id)).toBe(0);
    expect(
      (await t.app.inject({ url: `/api/charges/${charge.id}`, headers: bearer(user.token) }))
        .statusCode,
    ).toBe(404);
    await station.close();
  });

  it('captures by the minute from the start and stop timestamps', async () => {
    const { user, body, station } = await setup({ tariff: { type: 'min', price: 50 } });
    const charge = (await create(user.token, body)).json<Charge>();
    await act(user.token, charge.id, 'start');
    const idTag = station.received.find((m) => m.method === 'RemoteStartTransaction')?.params
      .idTag as string;
    await chargeThrough(station, idTag, {
      fromWh: 100,
      toWh: 5100,
      start: minute(0),
      stop: minute(12),
    });
    const done = await until(
      () => chargeOf(t.app, user.token, charge.id),
      (c) => c.state === 'completed',
    );
    expect(done.minutes).toBe(12);
    expect(done.amount).toBe(6_00);
    expect(done.captured).toBe(6_00);
    expect(done.released).toBe(300_00 - 6_00);
    const receipt = await t.app.inject({
      url: `/api/receipts/${String(done.receiptId)}`,
      headers: bearer(user.token),
    });
    expect(receipt.json()).toMatchObject({
      productType: 'Charge',
      amount: 6_00,
      data: { totalTime: 12, products: [{ priceType: 'min', quantity: 12, price: 50 }] },
    });
    await station.close();
  });
});

describe('owners', () => {
  it('credits the owner 0.2 kr. per kWh another user charges at a public installation', async () => {
    const owner = await registerUser(t.app);
    const ownerId = await userIdOf(owner.token);
    const { charger, user, station } = await setup({ public: true, ownerEmail: owner.email });
    const { charge, idTag } = await openAndStart(t.app, station, user, charger);
    await chargeThrough(station, idTag, {
      fromWh: 1000,
      toWh: 11_000,
      start: minute(0),
      stop: minute(20),
    });
    const done = await until(
      () => chargeOf(t.app, user.token, charge.id),
      (c) => c.state === 'completed',
    );
    expect(done.amount).toBe(35_00);
    const credits = await t.app.ctx.db
      .select()
      .from(ownerCredits)
      .where(eq(ownerCredits.chargeId, charge.id));
    expect(credits).toHaveLength(1);
    expect(credits[0]).toMatchObject({ ownerId, energyWh: 10_000, amount: 200 });
    await station.close();
  });

  it('charges the owner nothing at the own installation: no hold, no price, no credit', async () => {
    const owner = await registerUser(t.app);
    const ownerId = await userIdOf(owner.token);
    const charger = await registerCharger(t.app, { public: true, ownerEmail: owner.email });
    const station = await scriptedCharger(url, charger.identity);
    await boot16(station);
    const { charge, idTag } = await openAndStart(t.app, station, { token: owner.token }, charger);
    expect(charge).toMatchObject({ own: true, held: 0, paymentMethodId: null });
    expect(charge.tariff.price).toBe(0);
    await chargeThrough(station, idTag, {
      fromWh: 0,
      toWh: 10_000,
      start: minute(0),
      stop: minute(30),
    });
    const done = await until(
      () => chargeOf(t.app, owner.token, charge.id),
      (c) => c.state === 'completed',
    );
    expect(done).toMatchObject({ kwh: 10, amount: 0, captured: 0, held: 0 });
    expect(await openHolds(t.app.ctx.db, ownerId)).toBe(0);
    const credits = await t.app.ctx.db
      .select()
      .from(ownerCredits)
      .where(eq(ownerCredits.chargeId, charge.id));
    expect(credits).toHaveLength(0);
    await station.close();
  });
});

describe('operators', () => {
  const registration = (identity: string) => ({
    identity,
    installation: { name: `Stød ${identity}`, lat: 62, lng: -6.8, public: true },
    connectors: 2,
    maxPowerKw: 50,
    tariff: { type: 'kWh', price: 300 },
  });

  it('refuses customers (403)', async () => {
    const customer = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/chargers',
      headers: bearer(customer.token),
      payload: { chargers: [registration(newIdentity())] },
    });
    expect(res.statusCode).toBe(403);
    expect(
      (await t.app.inject({ url: '/api/admin/chargers', headers: bearer(customer.token) }))
        .statusCode,
    ).toBe(403);
    const tag = await t.app.inject({
      method: 'POST',
      url: '/api/admin/id-tags',
      headers: bearer(customer.token),
      payload: { idTag: 'MINE-NOW', email: customer.email },
    });
    expect(tag.statusCode).toBe(403);
    expect(await repo.findIdTag(t.app.ctx.db, 'MINE-NOW')).toBeNull();
  });

  it('refuses a repeated identity (409 CHARGER_TAKEN) and stores nothing', async () => {
    const token = await signInAsStaff(t.app, { role: 'operator' });
    const existing = await registerCharger(t.app);
    const fresh = newIdentity('NEW');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/chargers',
      headers: bearer(token),
      payload: { chargers: [registration(fresh), registration(existing.identity)] },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CHARGER_TAKEN' });
    expect(
      await t.app.ctx.db.select().from(chargers).where(eq(chargers.identity, fresh)),
    ).toHaveLength(0);

    const twice = newIdentity('TWICE');
    const dup = await t.app.inject({
      method: 'POST',
      url: '/api/admin/chargers',
      headers: bearer(token),
      payload: { chargers: [registration(twice), registration(twice)] },
    });
    expect(dup.statusCode).toBe(409);
    expect(
      await t.app.ctx.db.select().from(chargers).where(eq(chargers.identity, twice)),
    ).toHaveLength(0);
  });

  it('registers 300 chargers at once', async () => {
    const token = await signInAsStaff(t.app, { role: 'operator' });
    const list = Array.from({ length: 300 }, () => registration(newIdentity('BULK')));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/chargers',
      headers: bearer(token),
      payload: { chargers: list },
    });
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json<{ chargers: { identity: string }[] }>().chargers;
    expect(made).toHaveLength(300);
    expect(new Set(made.map((c) => c.identity))).toEqual(new Set(list.map((c) => c.identity)));
  });

  it('registers an RFID tag to a user', async () => {
    const token = await signInAsStaff(t.app, { role: 'operator' });
    const user = await cardCustomer(t.app);
    const idTag = `RFID${String(Date.now() % 1_000_000)}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/id-tags',
      headers: bearer(token),
      payload: { idTag, email: user.email },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ idTag, userId: await userIdOf(user.token) });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/admin/id-tags',
      headers: bearer(token),
      payload: { idTag, email: user.email },
    });
    expect(again.statusCode).toBe(409);
    const nobody = await t.app.inject({
      method: 'POST',
      url: '/api/admin/id-tags',
      headers: bearer(token),
      payload: { idTag: 'OTHER1', email: 'nobody-here@example.fo' },
    });
    expect(nobody.statusCode).toBe(422);
    // A tag that is no OCPP IdToken (at most 20 printable characters) is refused per field.
    for (const [payload, field] of [
      [{ idTag: 'X'.repeat(21), email: user.email }, 'idTag'],
      [{ idTag: 'TWO WORDS', email: user.email }, 'idTag'],
      [{ idTag: 'FINE-TAG', email: 'not-an-email' }, 'email'],
      [{ idTag: 'FINE-TAG' }, 'email'],
    ] as const) {
      const bad = await t.app.inject({
        method: 'POST',
        url: '/api/admin/id-tags',
        headers: bearer(token),
        payload,
      });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(bad.json<{ fieldErrors: object }>().fieldErrors)).toContain(field);
    }
    expect(await repo.findIdTag(t.app.ctx.db, 'FINE-TAG')).toBeNull();
    // The charger accepts the registered tag of a user with a card, and refuses others.
    const charger = await registerCharger(t.app);
    const station = await scriptedCharger(url, charger.identity);
    await boot16(station);
    expect(await station.call('Authorize', { idTag })).toEqual({
      idTagInfo: { status: 'Accepted' },
    });
    expect(await station.call('Authorize', { idTag: 'UNKNOWN-TAG' })).toEqual({
      idTagInfo: { status: 'Invalid' },
    });
    await station.close();
  });

  it('shows a charger online once it connects', async () => {
    const charger = await registerCharger(t.app);
    const station = await scriptedCharger(url, charger.identity);
    await boot16(station);
    // Other tests registered hundreds: the operator pages through the list.
    type Item = { identity: string; online: boolean; protocol: string | null };
    let item: Item | undefined;
    for (let offset = 0; !item; offset += 100) {
      const res = await t.app.inject({
        url: `/api/admin/chargers?offset=${String(offset)}&take=100`,
        headers: bearer(charger.operatorToken),
      });
      expect(res.statusCode).toBe(200);
      const page = res.json<{ items: Item[]; total: number }>();
      item = page.items.find((i) => i.identity === charger.identity);
      if (offset > page.total) break;
    }
    expect(item).toMatchObject({ online: true, protocol: 'ocpp1.6' });
    await station.close();
  });

  it('finds chargers by identity, installation name or make, online, protocol and connector state', async () => {
    const suffix = String(Date.now() % 1e8);
    const online = await registerCharger(t.app, { identity: `FIND-${suffix}-A` });
    const offline = await registerCharger(t.app, { identity: `FIND-${suffix}-B` });
    const station = await scriptedCharger(url, online.identity);
    await boot16(station);
    const list = async (query: string) => {
      const res = await t.app.inject({
        url: `/api/admin/chargers?take=100&${query}`,
        headers: bearer(online.operatorToken),
      });
      return {
        status: res.statusCode,
        body: res.json<{ items: { identity: string }[]; total: number }>(),
      };
    };
    const identities = async (query: string) =>
      (await list(query)).body.items.map((i) => i.identity).sort();
    expect(await identities(`q=find-${suffix}`)).toEqual([online.identity, offline.identity]);
    // The installation's name too (registerCharger names it after the identity).
    expect(await identities(`q=${encodeURIComponent(`Heima FIND-${suffix}-B`)}`)).toEqual([
      offline.identity,
    ]);
    expect(await identities(`q=find-${suffix}&online=true`)).toEqual([online.identity]);
    expect(await identities(`q=find-${suffix}&online=false`)).toEqual([offline.identity]);
    expect(await identities(`q=find-${suffix}&protocol=ocpp2.0.1`)).toEqual([]);
    expect((await list(`q=find-${suffix}&protocol=ocpp1.6`)).body.total).toBe(1);
    // A pattern character is a character.
    expect(await identities(`q=${encodeURIComponent('FIND-%')}`)).toEqual([]);
    // By a connector's state: one faulted; Offline is a charger not connected.
    await station.call('StatusNotification', {
      connectorId: 2,
      errorCode: 'GroundFailure',
      status: 'Faulted',
    });
    expect(await identities(`q=find-${suffix}&status=Faulted`)).toEqual([online.identity]);
    expect(await identities(`q=find-${suffix}&status=Available`)).toEqual([online.identity]);
    expect(await identities(`q=find-${suffix}&status=Charging`)).toEqual([]);
    expect(await identities(`q=find-${suffix}&status=Offline`)).toEqual([offline.identity]);
    // A connector that never reported shows as Unavailable, and is found so.
    const quiet = await registerCharger(t.app, { identity: `FIND-${suffix}-C` });
    const quietStation = await scriptedCharger(url, quiet.identity);
    await quietStation.call('BootNotification', {
      chargePointVendor: 'Test',
      chargePointModel: 'T1',
    });
    expect(await identities(`q=find-${suffix}&status=Unavailable`)).toEqual([quiet.identity]);
    await quietStation.close();
    // By firmware: the version the charger booted with.
    await station.call('BootNotification', {
      chargePointVendor: 'Test',
      chargePointModel: 'T1',
      firmwareVersion: `fw-${suffix}`,
    });
    expect(await identities(`q=FW-${suffix}`)).toEqual([online.identity]);
    for (const bad of ['online=yes', 'protocol=ocpp2.1', `q=${'x'.repeat(65)}`, 'status=Broken'])
      expect((await list(bad)).status, bad).toBe(400);
    await station.close();
  });
});
