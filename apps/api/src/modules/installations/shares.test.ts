import type { Earnings, InstallationCharge } from '@stod/domain';
import { ownerCredit } from '@stod/domain';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerCredits } from '../../db/schema/index.ts';
import { bearer, createTestApp, type TestApp } from '../../test/app.ts';
import {
  boot16,
  chargeOf,
  listen,
  meter16,
  openAndStart,
  scriptedCharger,
  type ScriptedCharger,
} from '../../test/chargers.ts';
import { ownerWithCharger, person, setLimits, share } from '../../test/installations.ts';
import { cardCustomer, openHolds, until } from '../../test/stations.ts';
import { addTestCard } from '../../test/cards.ts';
import { signInAsStaff } from '../../test/staff.ts';
import { closeMonth } from './earnings.ts';

// Charging under a share: the share's price and limits decide, the owner is credited what the
// guest paid, a removed or expired share starts nothing, and a monthly cap stops a running charge.

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t.app);
});
afterAll(() => t.close());

const minute = (n: number) => new Date(Date.now() - 60 * 60_000 + n * 60_000);
const get = (token: string, path: string) => t.app.inject({ url: path, headers: bearer(token) });

function open(
  user: { token: string; cardId?: string },
  charger: { id: string; installationId: string },
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/charges',
    headers: { ...bearer(user.token), 'idempotency-key': `k-${crypto.randomUUID()}` },
    payload: {
      installationId: charger.installationId,
      chargerId: charger.id,
      connectorId: 1,
      ...(user.cardId ? { paymentMethodId: user.cardId } : {}),
    },
  });
}

/** Starts the transaction the remote start asked for, and stops it at `toWh`. */
async function runTo(station: ScriptedCharger, idTag: string, fromWh: number, toWh: number) {
  const tx = await station.call('StartTransaction', {
    connectorId: 1,
    idTag,
    meterStart: fromWh,
    timestamp: minute(0).toISOString(),
  });
  await station.call('StopTransaction', {
    transactionId: tx.transactionId,
    meterStop: toWh,
    timestamp: minute(30).toISOString(),
    reason: 'EVDisconnected',
  });
  return tx.transactionId as number;
}

async function sharedCharger(options: { public?: boolean } = {}) {
  const { owner, charger } = await ownerWithCharger(t.app, { public: options.public ?? false });
  const guest = await person(t.app);
  const card = await addTestCard(t.app, guest.id, '4242424242424242');
  const shareId = await share(t.app, owner, charger.installationId, guest);
  const station = await scriptedCharger(url, charger.identity);
  await boot16(station);
  return { owner, charger, guest: { ...guest, cardId: card.id }, shareId, station };
}

const done = (token: string, id: string) =>
  until(
    () => chargeOf(t.app, token, id),
    (c) => c.state === 'completed',
  );

describe('charging under a share', () => {
  it('is free by default: no card, no hold, and the owner sees the charge', async () => {
    const { owner, charger, guest, station } = await sharedCharger();
    const { charge, idTag } = await openAndStart(t.app, station, { token: guest.token }, charger);
    expect(charge).toMatchObject({ held: 0, paymentMethodId: null, tariff: { price: 0 } });
    await runTo(station, idTag, 0, 7_000);
    const finished = await done(guest.token, charge.id);
    expect(finished).toMatchObject({ kwh: 7, amount: 0, captured: 0 });
    expect(await openHolds(t.app.ctx.db, guest.id)).toBe(0);

    const all = await get(
      owner.token,
      `/api/installations/${charger.installationId}/users/${owner.id}/charges`,
    );
    expect(all.json<{ items: InstallationCharge[]; total: number }>()).toMatchObject({
      total: 1,
      items: [{ id: charge.id, userId: guest.id, energyWh: 7_000, amount: 0, ownerCredit: 0 }],
    });
    const own = await get(
      guest.token,
      `/api/installations/${charger.installationId}/users/${guest.id}/charges`,
    );
    expect(own.json()).toMatchObject({ total: 1, items: [{ id: charge.id }] });
    await station.close();
  });

  it('charges the share’s price on the guest’s card and credits the owner that amount', async () => {
    const { owner, charger, guest, shareId, station } = await sharedCharger();
    expect((await setLimits(t.app, owner.token, shareId, { pricePerKwh: 125 })).statusCode).toBe(
      200,
    );
    // A priced share needs a card, like a public charge.
    expect((await open({ token: guest.token }, charger)).statusCode).toBe(422);
    const { charge, idTag } = await openAndStart(t.app, station, guest, charger);
    // A share's price per kWh, and none of the charger's fees.
    expect(charge.tariff).toEqual({
      type: 'kWh',
      price: 125,
      startFee: 0,
      idleFee: 0,
      idleGraceMinutes: 0,
    });
    expect(charge.held).toBeGreaterThan(0);
    await runTo(station, idTag, 1_000, 9_000);
    const finished = await done(guest.token, charge.id);
    expect(finished).toMatchObject({ kwh: 8, amount: 10_00, captured: 10_00 });
    expect(await openHolds(t.app.ctx.db, guest.id)).toBe(0);
    const [credit] = await t.app.ctx.db
      .select()
      .from(ownerCredits)
      .where(eq(ownerCredits.chargeId, charge.id));
    expect(credit).toMatchObject({
      kind: 'share',
      amount: 10_00,
      energyWh: 8_000,
      ownerId: owner.id,
    });
    const earnings = (
      await get(owner.token, `/api/installations/${charger.installationId}/earnings`)
    ).json<Earnings>();
    expect(earnings).toMatchObject({ sharedEnergyWh: 8_000, sharedCredit: 10_00, total: 10_00 });
    await station.close();
  });

  it('lets a removed user’s running charge finish, then refuses the next start', async () => {
    const { owner, charger, guest, shareId, station } = await sharedCharger();
    const { charge, idTag } = await openAndStart(t.app, station, { token: guest.token }, charger);
    const tx = await station.call('StartTransaction', {
      connectorId: 1,
      idTag,
      meterStart: 0,
      timestamp: minute(0).toISOString(),
    });
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/installations/users/${shareId}`,
      headers: bearer(owner.token),
    });
    expect(removed.statusCode).toBe(204);
    await station.call('MeterValues', meter16(tx.transactionId as number, 3_000, 7_000, minute(5)));
    await station.call('StopTransaction', {
      transactionId: tx.transactionId,
      meterStop: 4_000,
      timestamp: minute(10).toISOString(),
      reason: 'EVDisconnected',
    });
    expect(await done(guest.token, charge.id)).toMatchObject({ kwh: 4, amount: 0 });
    const again = await open({ token: guest.token }, charger);
    expect(again.statusCode).toBe(404);
    await station.close();
  });

  it('refuses a start once the share has ended, with a clear message', async () => {
    const { owner, charger, guest, shareId, station } = await sharedCharger();
    await setLimits(t.app, owner.token, shareId, {
      endsAt: new Date(Date.now() - 60_000).toISOString(),
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/charges',
      headers: {
        ...bearer(guest.token),
        'idempotency-key': `ended-${crypto.randomUUID()}`,
        'accept-language': 'en',
      },
      payload: { installationId: charger.installationId, chargerId: charger.id, connectorId: 1 },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'SHARE_ENDED',
      message: 'Your access to this charging station has ended.',
    });
    const listed = (await get(guest.token, '/api/user/installations')).json<{
      items: { limits: { refusal: string | null } }[];
    }>();
    expect(listed.items[0]?.limits.refusal).toBe('ended');
    await station.close();
  });

  it('stops a running charge at the monthly cap, and refuses the next start', async () => {
    const { owner, charger, guest, shareId, station } = await sharedCharger();
    await setLimits(t.app, owner.token, shareId, { monthlyKwhCap: 5 });
    const { charge, idTag } = await openAndStart(t.app, station, { token: guest.token }, charger);
    const tx = await station.call('StartTransaction', {
      connectorId: 1,
      idTag,
      meterStart: 10_000,
      timestamp: minute(0).toISOString(),
    });
    const transactionId = tx.transactionId as number;
    await station.call('MeterValues', meter16(transactionId, 13_000, 11_000, minute(5)));
    expect(station.received.some((r) => r.method === 'RemoteStopTransaction')).toBe(false);
    await station.call('MeterValues', meter16(transactionId, 15_200, 11_000, minute(10)));
    const stop = await until(
      () => Promise.resolve(station.received.find((r) => r.method === 'RemoteStopTransaction')),
      (found) => found !== undefined,
    );
    expect(stop?.params).toEqual({ transactionId });
    await station.call('StopTransaction', {
      transactionId,
      meterStop: 15_200,
      timestamp: minute(11).toISOString(),
      reason: 'Remote',
    });
    expect(await done(guest.token, charge.id)).toMatchObject({ kwh: 5.2 });
    const next = await open({ token: guest.token }, charger);
    expect(next.statusCode).toBe(422);
    expect(next.json()).toMatchObject({ code: 'SHARE_CAP_REACHED' });
    await station.close();
  });
});

describe('a card presented at a shared charger', () => {
  it('is accepted under the share, blocked once it ended, and unknown once removed', async () => {
    const { owner, guest, shareId, station } = await sharedCharger();
    const operator = await signInAsStaff(t.app, { role: 'operator' });
    const idTag = `04SH${String(Date.now() % 1e10)}`;
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/admin/id-tags',
      headers: bearer(operator),
      payload: { idTag, email: guest.email },
    });
    expect(registered.statusCode).toBe(201);
    const verdict = async () =>
      ((await station.call('Authorize', { idTag })).idTagInfo as { status: string }).status;
    expect(await verdict()).toBe('Accepted');
    await setLimits(t.app, owner.token, shareId, {
      endsAt: new Date(Date.now() - 1_000).toISOString(),
    });
    expect(await verdict()).toBe('Blocked');
    await t.app.inject({
      method: 'DELETE',
      url: `/api/installations/users/${shareId}`,
      headers: bearer(owner.token),
    });
    expect(await verdict()).toBe('Invalid');
    await station.close();
  });
});

describe('the owner’s earnings from a public installation', () => {
  it('equal 0.2 kr. per kWh of every charge by others, over 100 random charges', async () => {
    const { owner, charger } = await ownerWithCharger(t.app, { public: true });
    const station = await scriptedCharger(url, charger.identity);
    await boot16(station);
    const driver = await cardCustomer(t.app);
    const energies = fc.sample(fc.integer({ min: 0, max: 60_000 }), { numRuns: 100, seed: 15 });
    let register = 0;
    const ids: string[] = [];
    for (const wh of energies) {
      const { charge, idTag } = await openAndStart(t.app, station, driver, charger);
      await runTo(station, idTag, register, register + wh);
      register += wh;
      ids.push((await done(driver.token, charge.id)).id);
    }
    const earnings = (
      await get(owner.token, `/api/installations/${charger.installationId}/earnings`)
    ).json<Earnings>();
    const totalWh = energies.reduce((a, b) => a + b, 0);
    expect(earnings.publicEnergyWh).toBe(totalWh);
    expect(earnings.charges).toBe(100);
    // Each charge's credit is rounded to whole øre once; the sum stays within half an øre a charge
    // of 20 øre per kWh of the whole.
    expect(earnings.publicCredit).toBe(energies.reduce((sum, wh) => sum + ownerCredit(wh), 0));
    expect(Math.abs(earnings.publicCredit - (20 * totalWh) / 1000)).toBeLessThanOrEqual(50);
    expect(earnings.sharedCredit).toBe(0);

    // The month closes into one payout of the same amount, once, however often it is closed.
    const month = earnings.month;
    const [y, m] = month.split('-').map(Number);
    const next = new Date(Date.UTC(y ?? 0, m ?? 1, 2));
    const ctx = { ...t.app.ctx, clock: { now: () => next } };
    // Every installation of this file with credits this month closes; none twice.
    expect(await closeMonth(ctx, month)).toBeGreaterThanOrEqual(1);
    expect(await closeMonth(ctx, month)).toBe(0);
    const after = (
      await get(owner.token, `/api/installations/${charger.installationId}/earnings?month=${month}`)
    ).json<Earnings>();
    expect(after.payouts).toEqual([
      expect.objectContaining({ month, amount: earnings.publicCredit, state: 'scheduled' }),
    ]);
    expect(ids).toHaveLength(100);

    // The operator transfers it and records so, once; a customer may not.
    const operator = await signInAsStaff(t.app, { role: 'operator' });
    const scheduled = await get(operator, '/api/admin/payouts?state=scheduled&take=100');
    const payout = scheduled
      .json<{ items: { id: string; installationId: string; ownerEmail: string }[] }>()
      .items.find((p) => p.installationId === charger.installationId);
    expect(payout?.ownerEmail).toBe(owner.email);
    const step =
      (what: 'approve' | 'paid') =>
      (token: string, id = payout?.id ?? '') =>
        t.app.inject({
          method: 'POST',
          url: `/api/admin/payouts/${id}/${what}`,
          headers: bearer(token),
        });
    const pay = step('paid');
    const approve = step('approve');
    expect((await pay(owner.token)).statusCode).toBe(403);
    expect((await approve(owner.token)).statusCode).toBe(403);
    expect((await get(owner.token, '/api/admin/payouts')).statusCode).toBe(403);
    // Not approved, it is not paid.
    const early = await pay(operator);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'PAYOUT_NOT_APPROVED' });
    const approved = await approve(operator);
    expect(approved.json()).toMatchObject({ state: 'scheduled', approvedAt: expect.any(String) });
    expect((await approve(operator)).json<{ approvedAt: string }>().approvedAt).toBe(
      approved.json<{ approvedAt: string }>().approvedAt,
    );
    const paid = await pay(operator);
    expect(paid.json()).toMatchObject({ state: 'paid', amount: earnings.publicCredit });
    const again = await pay(operator);
    expect(again.json<{ paidAt: string }>().paidAt).toBe(paid.json<{ paidAt: string }>().paidAt);
    expect((await pay(operator, 'nope')).statusCode).toBe(400);
    expect((await pay(operator, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get(operator, '/api/admin/payouts?state=lost')).statusCode).toBe(400);
    expect((await get(operator, '/api/admin/payouts?month=2026-13')).statusCode).toBe(400);
    // The month's statement, for the books: the page's sum and the file agree.
    const monthly = await get(operator, `/api/admin/payouts?month=${month}&take=100`);
    const listed = monthly.json<{ items: { amount: number }[]; amount: number }>();
    expect(listed.amount).toBe(listed.items.reduce((sum, p) => sum + p.amount, 0));
    const csv = await get(operator, `/api/admin/payouts?month=${month}&format=csv`);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'month,owner,owner_email,installation,energy_kwh,amount_kr,state,approved_at,paid_at,id',
    );
    expect(lines).toHaveLength(listed.items.length + 1);
    expect(csv.body).toContain(owner.email);
    const seen = (
      await get(owner.token, `/api/installations/${charger.installationId}/earnings?month=${month}`)
    ).json<Earnings>();
    expect(seen.payouts[0]).toMatchObject({ state: 'paid' });
    await station.close();
  }, 120_000);
});
