import type { Charge } from '@stod/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  charges,
  idempotencyRecords,
  paymentMethods,
  payments,
  paymentSteps,
  receipts,
  simGatewayAuthorizations,
} from '../../db/schema/index.ts';
import { bearer, createTestApp, statuses, type TestApp } from '../../test/app.ts';
import { checkBooks } from '../../test/books.ts';
import {
  boot16,
  chargeOf,
  listen,
  meter16,
  openAndStart,
  registerCharger,
  scriptedCharger,
  type ScriptedCharger,
} from '../../test/chargers.ts';
import { cardCustomer, openHolds, until } from '../../test/stations.ts';
import { issue } from '../vouchers/index.ts';

// The money of charges under races: parallel opens by one user hold once, and a finished charge
// captures at most its hold and releases the rest. Runs on PGlite, and on PostgreSQL when
// TEST_DATABASE_URL is set (createTestApp then makes a database of its own for this file).

let t: TestApp;
let url: string;
const stations: ScriptedCharger[] = [];
/** Charges a test opened: cancelled after it if still open, so one failure does not spill over. */
const opened: { token: string; id: string }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t.app);
});
afterEach(async () => {
  for (const { token, id } of opened.splice(0)) await cancel(token, id);
});
afterAll(async () => {
  for (const station of stations) await station.close();
  await t.close();
});

const HOLD = 300_00;
const PARALLEL = 8;

/** A booted public charger, a customer with a card, and the body that opens a charge there. */
async function setup(tariff = { type: 'kWh' as const, price: 350 }) {
  const charger = await registerCharger(t.app, { tariff });
  const station = await scriptedCharger(url, charger.identity);
  stations.push(station);
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

const open = (token: string, body: Record<string, unknown>, key: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/charges',
    headers: { ...bearer(token), 'idempotency-key': key },
    payload: body,
  });

const paymentsOf = (userId: string) =>
  t.app.ctx.db.select().from(payments).where(eq(payments.userId, userId));

const chargesOf = (userId: string) =>
  t.app.ctx.db.select().from(charges).where(eq(charges.userId, userId));

/** The holds the simulated gateway placed on the user's saved cards. */
async function gatewayHoldsOf(userId: string) {
  const cards = await t.app.ctx.db
    .select({ token: paymentMethods.token })
    .from(paymentMethods)
    .where(eq(paymentMethods.userId, userId));
  return t.app.ctx.db
    .select()
    .from(simGatewayAuthorizations)
    .where(
      inArray(
        simGatewayAuthorizations.token,
        cards.map((c) => c.token),
      ),
    );
}

function cancel(token: string, id: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/charges/${id}/cancel`,
    headers: bearer(token),
  });
}

describe('opening charges in parallel', () => {
  it(`${String(PARALLEL)} opens with different keys: one charge, one hold, the rest 409 CHARGE_ACTIVE`, async () => {
    const { user, body } = await setup();
    const keys = Array.from(
      { length: PARALLEL },
      (_, i) => `race-${String(i)}-${crypto.randomUUID()}`,
    );
    const answers = await Promise.all(keys.map((key) => open(user.token, body, key)));

    const won = answers.find((a) => a.statusCode === 201);
    const charge = won?.json<Charge>();
    if (charge) opened.push({ token: user.token, id: charge.id });
    expect(statuses(answers)).toEqual({ 201: 1, 409: PARALLEL - 1 });
    expect(charge).toMatchObject({ state: 'ready', held: HOLD });
    for (const lost of answers.filter((a) => a.statusCode === 409))
      expect(lost.json()).toMatchObject({ code: 'CHARGE_ACTIVE' });

    const rows = await chargesOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).toBe(charge?.id);
    const paid = await paymentsOf(user.id);
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({
      status: 'authorised',
      amountHeld: HOLD,
      reference: charge?.id,
    });
    expect(rows[0]?.paymentId).toBe(paid[0]?.id);
    expect(await gatewayHoldsOf(user.id)).toHaveLength(1);
    // Every key has its final answer: the winner's done, each loser's refusal stored.
    const records = await t.app.ctx.db
      .select()
      .from(idempotencyRecords)
      .where(and(eq(idempotencyRecords.userId, user.id), eq(idempotencyRecords.scope, 'charge')));
    const byStatus = records.reduce<Record<string, number>>((acc, r) => {
      acc[r.status] = (acc[r.status] ?? 0) + 1;
      return acc;
    }, {});
    // A request refused before its claim (the open charge seen at once) leaves no record.
    expect(byStatus.done).toBe(1);
    expect(byStatus.pending).toBeUndefined();

    // A repeat of a losing key still answers its refusal; the winner's key its charge.
    const loserKey = keys[answers.findIndex((a) => a.statusCode === 409)] ?? '';
    const winnerKey = keys[answers.findIndex((a) => a.statusCode === 201)] ?? '';
    expect((await open(user.token, body, loserKey)).json()).toMatchObject({
      code: 'CHARGE_ACTIVE',
    });
    const again = await open(user.token, body, winnerKey);
    expect(again.statusCode).toBe(201);
    expect(again.json<Charge>().id).toBe(charge?.id);
    expect(await paymentsOf(user.id)).toHaveLength(1);

    expect((await cancel(user.token, charge?.id ?? '')).statusCode).toBe(200);
    expect(await openHolds(t.app.ctx.db, user.id)).toBe(0);
    expect(await checkBooks(t.app.ctx.db)).toEqual([]);
  });

  // Every answer is 201 with the one charge: the open charge is read before the key, so a twin
  // that commits in between is recognised as this request's own.
  it(`${String(PARALLEL)} opens with the same key: the same charge for each, one hold`, async () => {
    const { user, body } = await setup();
    const key = `same-${crypto.randomUUID()}`;
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () => open(user.token, body, key)),
    );
    const rows = await chargesOf(user.id);
    for (const row of rows) opened.push({ token: user.token, id: row.id });

    const created = answers.filter((a) => a.statusCode === 201);
    expect(created.length, answers.map((a) => a.body).join('\n')).toBe(PARALLEL);
    const ids = new Set(created.map((a) => a.json<Charge>().id));
    expect(ids.size).toBe(1);
    expect(rows).toHaveLength(1);
    expect(ids.has(rows[0]?.id ?? '')).toBe(true);
    const paid = await paymentsOf(user.id);
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ status: 'authorised', amountHeld: HOLD });
    expect(await gatewayHoldsOf(user.id)).toHaveLength(1);
    // Once the first has finished, the key answers its charge every time.
    const again = await open(user.token, body, key);
    expect(again.statusCode).toBe(201);
    expect(again.json<Charge>().id).toBe(rows[0]?.id);

    expect((await cancel(user.token, rows[0]?.id ?? '')).statusCode).toBe(200);
    expect(await checkBooks(t.app.ctx.db)).toEqual([]);
  });

  it('two keys sent four times each at once: one key wins, the other loses every time', async () => {
    const { user, body } = await setup();
    const keys = [`pair-a-${crypto.randomUUID()}`, `pair-b-${crypto.randomUUID()}`];
    const sent = Array.from({ length: PARALLEL }, (_, i) => keys[i % 2] ?? '');
    const answers = await Promise.all(sent.map((key) => open(user.token, body, key)));

    const byKey = (key: string) => answers.filter((_, i) => sent[i] === key);
    const winner = keys.find((key) => byKey(key).some((a) => a.statusCode === 201)) ?? '';
    const loser = keys.find((key) => key !== winner) ?? '';
    for (const row of await chargesOf(user.id)) opened.push({ token: user.token, id: row.id });
    // The winning key's twins all answer its charge.
    const won = byKey(winner).filter((a) => a.statusCode === 201);
    expect(won.length, answers.map((a) => a.body).join('\n')).toBe(byKey(winner).length);
    expect(new Set(won.map((a) => a.json<Charge>().id)).size).toBe(1);
    for (const lost of byKey(loser)) {
      expect(lost.statusCode).toBe(409);
      expect(lost.json()).toMatchObject({ code: 'CHARGE_ACTIVE' });
    }
    expect(await chargesOf(user.id)).toHaveLength(1);
    expect(await paymentsOf(user.id)).toHaveLength(1);
    expect(await gatewayHoldsOf(user.id)).toHaveLength(1);

    const id = won[0]?.json<Charge>().id ?? '';
    expect((await cancel(user.token, id)).statusCode).toBe(200);
    expect(await checkBooks(t.app.ctx.db)).toEqual([]);
  });
});

/** Runs a charge through the scripted charger from `fromWh` to `toWh`, stopped from the app. */
async function chargeThrough(fromWh: number, toWh: number, options: { balance?: number } = {}) {
  const { charger, station, user } = await setup();
  if (options.balance) {
    const code = `CHG${crypto.randomUUID().replaceAll('-', '').slice(0, 12).toUpperCase()}`;
    await issue(t.app.ctx.db, {
      code,
      codeType: 'premium',
      kind: 'value',
      name: 'Gávukort',
      amount: options.balance,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const redeemed = await t.app.inject({
      method: 'POST',
      url: '/api/vouchers/redeem',
      headers: bearer(user.token),
      payload: { code },
    });
    expect(redeemed.statusCode, redeemed.body).toBe(201);
  }
  const { charge, idTag } = await openAndStart(t.app, station, user, charger);
  const tx = await station.call('StartTransaction', {
    connectorId: 1,
    idTag,
    meterStart: fromWh,
    timestamp: new Date(Date.now() - 60_000).toISOString(),
  });
  const transactionId = tx.transactionId as number;
  await station.call(
    'MeterValues',
    meter16(transactionId, Math.round((fromWh + toWh) / 2), 11_000),
  );
  const stop = await t.app.inject({
    method: 'POST',
    url: `/api/charges/${charge.id}/stop`,
    headers: bearer(user.token),
  });
  expect(stop.statusCode, stop.body).toBe(200);
  await station.call('StopTransaction', {
    transactionId,
    meterStop: toWh,
    timestamp: new Date().toISOString(),
    reason: 'Remote',
  });
  const done = await until(
    () => chargeOf(t.app, user.token, charge.id),
    (c) => c.state === 'completed',
  );
  return { user, done };
}

async function receiptsOf(userId: string) {
  return t.app.ctx.db.select().from(receipts).where(eq(receipts.userId, userId));
}

describe('the money of a finished charge', () => {
  it('captures the price, at most the hold, releases the rest, and the books balance', async () => {
    const { user, done } = await chargeThrough(1_000, 13_000);
    // 12 kWh at 3.50 kr.
    expect(done).toMatchObject({ kwh: 12, amount: 42_00, held: HOLD, captured: 42_00 });
    expect(done.captured).toBeLessThanOrEqual(done.held);
    expect(done.released).toBe(done.held - done.captured);

    const [payment, ...others] = await paymentsOf(user.id);
    expect(others).toHaveLength(0);
    expect(payment).toMatchObject({
      status: 'captured',
      amountHeld: HOLD,
      amountCaptured: done.captured,
    });
    const steps = await t.app.ctx.db
      .select()
      .from(paymentSteps)
      .where(eq(paymentSteps.paymentId, payment?.id ?? ''));
    expect(steps.map((s) => s.kind).sort()).toEqual(['authorise', 'capture']);
    // The gateway agrees: one hold, captured by the same amount; the rest went back to the card.
    const holds = await gatewayHoldsOf(user.id);
    expect(holds).toHaveLength(1);
    expect(holds[0]).toMatchObject({ status: 'captured', amount: HOLD, captured: done.captured });
    const made = await receiptsOf(user.id);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ amount: done.amount, paymentId: payment?.id });
    expect(await openHolds(t.app.ctx.db, user.id)).toBe(0);
    expect(await checkBooks(t.app.ctx.db)).toEqual([]);
  });

  it('caps the price at the hold when more energy was drawn than the hold covers', async () => {
    // 100 kWh at 3.50 kr. would be 350 kr.; the hold is 300 kr.
    const { user, done } = await chargeThrough(0, 100_000);
    expect(done.kwh).toBe(100);
    expect(done.amount).toBe(HOLD);
    expect(done.captured).toBe(HOLD);
    expect(done.released).toBe(0);
    const [payment] = await paymentsOf(user.id);
    expect(payment).toMatchObject({ status: 'captured', amountCaptured: HOLD });
    expect((await gatewayHoldsOf(user.id))[0]).toMatchObject({ captured: HOLD });
    expect(await checkBooks(t.app.ctx.db)).toEqual([]);
  });

  let balanced: Charge | undefined;

  it('with a voucher balance paying part: the balance first, the card the rest, books balance', async () => {
    const { user, done } = await chargeThrough(1_000, 13_000, { balance: 10_00 });
    balanced = done;
    expect(done.amount).toBe(42_00);
    // The balance paid 10 kr., the card the other 32 kr.
    expect(done.captured).toBe(32_00);
    expect(done.captured).toBeLessThanOrEqual(done.held);
    const holds = await gatewayHoldsOf(user.id);
    expect(holds).toHaveLength(1);
    // The gateway took 32 kr. of the 300 kr. hold and gave the card back the other 268 kr.
    expect(holds[0]).toMatchObject({ status: 'captured', amount: HOLD, captured: 32_00 });
    expect(await receiptsOf(user.id)).toHaveLength(1);
    expect(await checkBooks(t.app.ctx.db)).toEqual([]);
  });

  // What the balance paid never came from the hold: captured and released make up the hold.
  it('with a voucher balance paying part: released is what the card got back', () => {
    if (!balanced) throw new Error('the charge above did not finish');
    expect(balanced.released).toBe(268_00);
    expect(balanced.released).toBe(balanced.held - balanced.captured);
  });
});
