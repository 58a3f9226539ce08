import { randomUUID } from 'node:crypto';
import {
  formatCurrency,
  formatDate,
  formatTime,
  type FoodOrder,
  type KitchenOrder,
} from '@stod/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stations, userSubscriptions } from '../../db/schema/index.ts';
import type { ForecourtSim } from '../../integrations/forecourt/sim.ts';
import { seedStationNetwork } from '../../seed/index.ts';
import { seedSubscriptionPlans } from '../../seed/subscriptions.ts';
import { bearer, createTestApp, lastMailTo, statuses, type TestApp } from '../../test/app.ts';
import { listen } from '../../test/chargers.ts';
import { invitationFromMail, invite, ownerWithCharger, person } from '../../test/installations.ts';
import {
  expectNoPush,
  expectOnePush,
  faultedCharge,
  lostConnectionFill,
  pushesOfKind,
  pushReady,
  type FuelStation,
  type PushSetup,
} from '../../test/push-events.ts';
import { signInAsStaff } from '../../test/staff.ts';
import { cardCustomer } from '../../test/stations.ts';
import {
  reconcileStationTransactions,
  settleMoney,
  findTransaction,
} from '../transactions/index.ts';
import { renewDue } from '../subscriptions/index.ts';
import { announce } from './index.ts';

// Each push of the issue, through the event that causes it: the message in the user's language
// opening its screen, sent through the outbox; nothing when the kind is off or no device is
// registered (the business action goes on); one message however often the event repeats.

let t: TestApp;
let ocppUrl: string;
let food: { id: number; name: string };
let fuel: FuelStation;
let coffeeId: number;

beforeAll(async () => {
  // The pumps run faster, yet slowly enough to be caught mid-fill on a busy machine (a pump
  // reaches the hold's limit after about 5 s); no other device here follows SIM_SPEED.
  t = await createTestApp({ SIM_SPEED: '20' });
  ocppUrl = await listen(t.app);
  await seedStationNetwork(t.app.ctx.db);
  await seedSubscriptionPlans(t.app.ctx.db);
  const all = await t.app.ctx.db.select().from(stations).orderBy(stations.id);
  const kitchen = all.find((s) => s.services.includes('food'));
  const pumps = all.find((s) => s.name === 'Støð Tórshavn Miðbýur');
  if (!kitchen || !pumps) throw new Error('the seeded stations changed');
  const always = Array.from({ length: 7 }, () => ({ from: '00:00', to: '24:00' }));
  await t.app.ctx.db
    .update(stations)
    .set({ openingHours: always })
    .where(eq(stations.id, kitchen.id));
  food = { id: kitchen.id, name: kitchen.name };
  const detail = await t.app.inject({ url: `/api/stations/stod/${String(pumps.id)}` });
  const products = detail.json<{ products: { id: number; code: string }[] }>().products;
  fuel = {
    id: pumps.id,
    name: pumps.name,
    site: pumps.tokheimStationId,
    productId: products.find((p) => p.code === 'NormalUnleaded')?.id ?? 0,
  };
  const plans = (await t.app.inject({ url: '/api/subscriptions' })).json<{
    items: { id: number; name: string }[];
  }>().items;
  coffeeId = plans.find((p) => p.name === 'Kaffi')?.id ?? 0;
});
afterAll(() => t.close());

/** A customer with a card, set up for pushes as the test says. */
async function customer(setup: PushSetup = {}) {
  const c = await cardCustomer(t.app);
  await pushReady(t.app, c.token, setup);
  return c;
}
type Customer = Awaited<ReturnType<typeof customer>>;

// ---------------------------------------------------------------------------------------------

describe('a charge: the charger faults during it, then it completes', () => {
  it('tells the driver of the fault and of the finished charge, once each, in English', async () => {
    const user = await customer({ locale: 'en' });
    const { charger, installationName: installation } = await faultedCharge(t.app, ocppUrl, user);
    const url = `/charging/installations/${charger.installationId}/charge`;
    await expectOnePush(t.app, user.email, {
      kind: 'chargerFaulted',
      title: 'The charger reported a fault',
      body: `${installation} reported a fault. Open the app to see how your charge is doing.`,
      url,
    });
    await expectOnePush(t.app, user.email, {
      kind: 'chargeComplete',
      title: 'Your car is charged',
      body: `Charging at ${installation} is complete: 10,00 kWh for 35,00 kr.`,
      url,
    });
  });

  it('sends nothing with both kinds off, and nothing without a device; the charge settles', async () => {
    const off = await customer({ off: ['chargerFaulted', 'chargeComplete'] });
    await faultedCharge(t.app, ocppUrl, off);
    await expectNoPush(t.app, off.email);
    const bare = await customer({ device: false });
    await faultedCharge(t.app, ocppUrl, bare);
    await expectNoPush(t.app, bare.email);
  });
});

// ---------------------------------------------------------------------------------------------

describe('a food order: accepted, then ready', () => {
  let staff: string;
  beforeAll(async () => {
    staff = await signInAsStaff(t.app, { role: 'kitchen', stationIds: [food.id] });
  });

  async function order(user: Customer) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/food/orders',
      headers: { ...bearer(user.token), 'idempotency-key': `push-${randomUUID()}` },
      payload: {
        stationId: food.id,
        lines: [{ type: 'product', productId: 'franskar', quantity: 1 }],
        mode: 'take-out',
        pickupAt: 'asap',
        paymentMethodId: user.cardId,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<FoodOrder>();
  }

  const kitchen = (id: string, action: 'accept' | 'ready') =>
    t.app.inject({
      method: 'POST',
      url: `/api/kitchen/orders/${id}/${action}`,
      headers: bearer(staff),
      ...(action === 'accept' ? { payload: { readyInMinutes: 12 } } : {}),
    });

  /** The kitchen accepts four times at once and says ready twice; answers the accepted order. */
  async function acceptAndReady(id: string) {
    const accepts = await Promise.all(Array.from({ length: 4 }, () => kitchen(id, 'accept')));
    expect(statuses(accepts)).toEqual({ 200: 4 });
    const accepted = accepts[0]?.json<KitchenOrder>();
    expect(accepted).toMatchObject({ state: 'accepted', receiptId: expect.any(String) });
    for (let i = 0; i < 2; i += 1) {
      const ready = await kitchen(id, 'ready');
      expect(ready.statusCode, ready.body).toBe(200);
      expect(ready.json()).toMatchObject({ state: 'ready' });
    }
    return accepted as KitchenOrder;
  }

  it('tells the customer the order is accepted with its time, and then ready, once each, in Faroese', async () => {
    const user = await customer();
    const placed = await order(user);
    const accepted = await acceptAndReady(placed.id);
    const number = String(placed.number);
    const url = `/food-order/order?id=${encodeURIComponent(placed.id)}`;
    await expectOnePush(t.app, user.email, {
      kind: 'foodAccepted',
      title: 'Bílegingin er móttikin',
      body: `Bíleging ${number} á ${food.name} verður klár umleið kl. ${formatTime(accepted.readyBy ?? '')}.`,
      url,
    });
    await expectOnePush(t.app, user.email, {
      kind: 'foodReady',
      title: 'Maturin er klárur',
      body: `Bíleging ${number} bíðar eftir tær á ${food.name}. Sig nummarið við diskin.`,
      url,
    });
  });

  it('keeps each switch to its own kind', async () => {
    const user = await customer({ off: ['foodReady'] });
    const placed = await order(user);
    await acceptAndReady(placed.id);
    expect((await pushesOfKind(t.app, user.email, 'foodAccepted')).length).toBe(1);
    expect(await pushesOfKind(t.app, user.email, 'foodReady')).toEqual([]);
  });

  it('sends nothing with both kinds off, and nothing without a device; the kitchen goes on', async () => {
    for (const setup of [{ off: ['foodAccepted', 'foodReady'] }, { device: false }] as const) {
      const user = await customer(setup);
      const placed = await order(user);
      await acceptAndReady(placed.id);
      await expectNoPush(t.app, user.email);
      const mine = await t.app.inject({
        url: `/api/food/orders/${placed.id}`,
        headers: bearer(user.token),
      });
      expect(mine.json()).toMatchObject({ state: 'ready', captured: placed.total });
    }
  });
});

// ---------------------------------------------------------------------------------------------

describe('a refuelling whose pump connection was lost: the receipt follows', () => {
  const sim = () => t.app.ctx.forecourt as ForecourtSim;

  it('pushes the receipt once, in English, opening the receipt', async () => {
    const user = await customer({ locale: 'en' });
    const done = await lostConnectionFill(
      t.app,
      fuel,
      user,
      1,
      `Your refuelling receipt from ${fuel.name}`,
    );
    const expected = {
      kind: 'fuelReceipt',
      title: 'Your refuelling receipt',
      body: `The connection to the pump was lost, but your refuelling at ${fuel.name} is recorded: ${(done.litres ?? 0).toFixed(2).replace('.', ',')} l for ${formatCurrency(done.amount)}`,
      url: `/profile/receipts/${String(done.receiptId)}`,
    } as const;
    await expectOnePush(t.app, user.email, expected);

    // The sale settled again (the reconciliation, the pump back once more), and announced again.
    await sim().online(fuel.site, 1);
    await reconcileStationTransactions(t.app.ctx);
    const row = await findTransaction(t.app.ctx.db, done.id);
    if (!row) throw new Error('the refuelling vanished');
    await settleMoney(t.app.ctx, row);
    expect(
      await announce.fuelReceipt(t.app.ctx, {
        id: row.id,
        userId: row.userId,
        receiptId: String(done.receiptId),
        stationName: row.stationName,
        volumeMl: row.volumeMl ?? 0,
        amount: row.amount,
      }),
    ).toBe(0);
    expect(await pushesOfKind(t.app, user.email, 'fuelReceipt')).toMatchObject([
      { ...expected, state: 'sent' },
    ]);
  });

  it('sends nothing with the kind off, and nothing without a device; the receipt is mailed', async () => {
    const off = await customer({ off: ['fuelReceipt'] });
    await lostConnectionFill(t.app, fuel, off, 2, `Kvittan fyri tanking á ${fuel.name}`);
    await expectNoPush(t.app, off.email);
    const bare = await customer({ device: false });
    await lostConnectionFill(t.app, fuel, bare, 3, `Kvittan fyri tanking á ${fuel.name}`);
    await expectNoPush(t.app, bare.email);
  });
});

// ---------------------------------------------------------------------------------------------

describe('an invitation to charge, to someone with an account', () => {
  it('pushes the invitation once, in Faroese; a repeated invite is refused and sends nothing more', async () => {
    const { owner, charger } = await ownerWithCharger(t.app);
    const guest = await person(t.app);
    await pushReady(t.app, guest.token);
    const first = await invite(t.app, owner.token, charger.installationId, guest.email);
    expect(first.statusCode, first.body).toBe(201);
    const again = await invite(t.app, owner.token, charger.installationId, guest.email);
    expect(again.statusCode).toBe(409);
    await expectOnePush(t.app, guest.email, {
      kind: 'installationInvitation',
      title: 'Innbjóðing at lada',
      body: `Guðrun Hansen bjóðar tær at lada á Heima ${charger.identity}.`,
      url: '/profile/installations',
    });
  });

  it('sends nothing with the kind off, and nothing without a device; the invitation stands', async () => {
    const { owner, charger } = await ownerWithCharger(t.app);
    for (const setup of [{ off: ['installationInvitation'] }, { device: false }] as const) {
      const guest = await person(t.app);
      await pushReady(t.app, guest.token, setup);
      const res = await invite(t.app, owner.token, charger.installationId, guest.email);
      expect(res.statusCode, res.body).toBe(201);
      await expectNoPush(t.app, guest.email);
      const { id } = await invitationFromMail(t.app, guest.email);
      const received = await t.app.inject({
        url: '/api/installation-invitations',
        headers: bearer(guest.token),
      });
      expect(received.json<{ items: { id: string; state: string }[] }>().items).toEqual([
        expect.objectContaining({ id, state: 'pending' }),
      ]);
    }
  });
});

// ---------------------------------------------------------------------------------------------

describe('a subscription renewal the card refuses', () => {
  it('pushes the refusal once to a device in English, nothing with the kind off or no device', async () => {
    const users = {
      device: await customer({ locale: 'en' }),
      off: await customer({ off: ['renewalRefused'] }),
      bare: await customer({ device: false }),
    };
    const subs = new Map<Customer, { id: string; validTo: string; nextPaymentAt: string }>();
    for (const user of Object.values(users)) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/subscriptions/${String(coffeeId)}/subscribe`,
        headers: bearer(user.token),
        payload: { interval: 'monthly', paymentMethodId: user.cardId },
      });
      expect(res.statusCode, res.body).toBe(201);
      subs.set(user, res.json());
      // Without its card the renewal is refused.
      const gone = await t.app.inject({
        method: 'DELETE',
        url: `/api/payment-methods/${user.cardId}`,
        headers: bearer(user.token),
      });
      expect(gone.statusCode).toBeLessThan(300);
    }
    const due = Math.max(...[...subs.values()].map((s) => Date.parse(s.nextPaymentAt)));
    const at = new Date(due + 60_000);
    // Two runs at once, then a third: each refusal is handled once, and pushed once.
    const runs = await Promise.all([renewDue(t.app.ctx, at), renewDue(t.app.ctx, at)]);
    expect(runs.reduce((n, r) => n + r.failed, 0)).toBe(3);
    expect(await renewDue(t.app.ctx, at)).toMatchObject({ failed: 0 });

    const sub = subs.get(users.device);
    await expectOnePush(t.app, users.device.email, {
      kind: 'renewalRefused',
      title: 'Your subscription was not renewed',
      body: `The payment for Coffee was refused. It stays usable until ${formatDate(sub?.validTo ?? '')}.`,
      url: '/profile/subscriptions',
    });
    for (const user of [users.off, users.bare]) {
      await expectNoPush(t.app, user.email);
      const [row] = await t.app.ctx.db
        .select()
        .from(userSubscriptions)
        .where(eq(userSubscriptions.id, subs.get(user)?.id ?? ''));
      expect(row).toMatchObject({ status: 'expiring', nextPaymentAt: null });
      expect((await lastMailTo(t.app, user.email))?.subject).toBe(
        'Vit kundu ikki endurnýggja Kaffi',
      );
    }
  });
});
