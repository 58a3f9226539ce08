import type { BeverageFill } from '@stod/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beverageFills, stations } from '../../db/schema/index.ts';
import type { BeverageMachineSim } from '../../integrations/beverage-machine/sim.ts';
import { seedStationNetwork } from '../../seed/index.ts';
import { seedSubscriptionPlans } from '../../seed/subscriptions.ts';
import { bearer, createTestApp, statuses, type TestApp } from '../../test/app.ts';
import { beverageKit } from '../../test/beverages.ts';
import { cardCustomer, until } from '../../test/stations.ts';

// Pouring on the coffee subscription: the code a machine shows, read and poured once by the
// app; the §6 rule and the §8 refusals with their titles; fair use between cups.

let t: TestApp;
let station: number;

beforeAll(async () => {
  // Fast machines: a cup pours in 25 simulated seconds, a few real milliseconds here.
  t = await createTestApp({ SIM_SPEED: '500' });
  await seedStationNetwork(t.app.ctx.db);
  await seedSubscriptionPlans(t.app.ctx.db);
  const [first] = (await t.app.ctx.db.select().from(stations).orderBy(stations.id)).filter((s) =>
    s.services.includes('food'),
  );
  station = first?.id ?? 0;
});
afterAll(() => t.close());

type Customer = Awaited<ReturnType<typeof cardCustomer>>;

/** A customer with a card and a BEVERAGE subscription of that tier (0 the first). */
const subscriber = (tier = 0) => beverageKit(t.app).subscriber(tier);

async function choose(beverageFamily: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/dev/sim/beverage-machines',
    payload: { stationId: station, beverageFamily },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ hash: string; url: string; transactionId: string; installationId: string }>();
}

const read = (user: Customer, hash: string) =>
  t.app.inject({ url: `/api/beverages/${hash}`, headers: bearer(user.token) });

const pour = (
  user: Customer,
  code: { hash: string; installationId: string; transactionId: string },
) => beverageKit(t.app).pour(user.token, code);

const machines = () => t.app.ctx.beverageMachines as BeverageMachineSim;

describe('a coffee machine’s code', () => {
  it('names the drink, its machine and transaction, and whether the subscription covers it', async () => {
    const user = await subscriber();
    const code = await choose('COFFEE');
    expect(code.url.endsWith(`/${code.hash}`)).toBe(true);
    expect(machines().codeOf(code.installationId)).toBe(code.url);
    const res = await read(user, code.hash);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      beverage_family: 'COFFEE',
      installation_id: code.installationId,
      transaction_id: code.transactionId,
      state: 'pending',
      covered: true,
      nextCupAt: null,
    });
    const special = await choose('COFFEE_SPECIAL');
    expect((await read(user, special.hash)).json()).toMatchObject({ covered: false });
  });

  it('answers 404 with the §8 text for anything that is not a live code of ours', async () => {
    const user = await cardCustomer(t.app);
    const res = await t.app.inject({
      url: '/api/beverages/ABCDEFGHIJKLMNOPQRSTUVWX',
      headers: { ...bearer(user.token), 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'Not a QR code of the provider.' });
    expect((await t.app.inject({ url: '/api/beverages/x' })).statusCode).toBe(401);
  });
});

describe('GET /beverages/codes/{code}: the code printed under the QR code, typed', () => {
  it('answers the hash of the waiting drink, however the code is typed, and nothing else', async () => {
    const user = await cardCustomer(t.app);
    const code = await choose('COFFEE');
    const [row] = await t.app.ctx.db
      .select()
      .from(beverageFills)
      .where(eq(beverageFills.id, code.transactionId));
    const printed = row?.code ?? '';
    expect(printed).toMatch(/^[ACDEFGHJKMNPQRTUVWXY34679]{6}$/);
    const typed = async (text: string, token = user.token) =>
      t.app.inject({
        url: `/api/beverages/codes/${encodeURIComponent(text)}`,
        headers: bearer(token),
      });
    for (const text of [printed, `${printed.slice(0, 3)} ${printed.slice(3)}`.toLowerCase()]) {
      const res = await typed(text);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ hash: code.hash });
    }
    for (const wrong of ['AAAAAA', 'K7M', '0OO0OO', 'x'.repeat(20)]) {
      const res = await typed(wrong);
      expect(res.statusCode, wrong).toBe(404);
      expect(res.json()).toMatchObject({
        code: 'FILL_CODE_UNKNOWN',
        message: 'Kotan er ókend ella útgingin. Kanna hana á skíggjanum á maskinuni og royn aftur.',
      });
    }
    expect((await typed('x'.repeat(21))).statusCode).toBe(400);
    expect((await t.app.inject({ url: `/api/beverages/codes/${printed}` })).statusCode).toBe(401);
    // Once the code is spent it names nothing.
    await t.app.ctx.db
      .update(beverageFills)
      .set({ state: 'expired' })
      .where(eq(beverageFills.id, code.transactionId));
    expect((await typed(printed)).statusCode).toBe(404);
  });

  it('counts the tries of a user, so codes cannot be guessed through it', async () => {
    const user = await cardCustomer(t.app);
    const answers = [];
    for (let i = 0; i < 21; i += 1)
      answers.push(
        (await t.app.inject({ url: '/api/beverages/codes/AAAAAA', headers: bearer(user.token) }))
          .statusCode,
      );
    expect(answers.slice(0, 20).every((s) => s === 404)).toBe(true);
    expect(answers[20]).toBe(429);
  });
});

describe('POST /beverages', () => {
  it('pours once on the subscription, however many requests race, and the machine pours', async () => {
    const user = await subscriber();
    const code = await choose('COFFEE');
    const answers = await Promise.all(Array.from({ length: 10 }, () => pour(user, code)));
    expect(statuses(answers)).toEqual({ 200: 10 });
    const fills = await t.app.ctx.db
      .select()
      .from(beverageFills)
      .where(eq(beverageFills.hash, code.hash));
    expect(fills).toHaveLength(1);
    expect(fills[0]).toMatchObject({ kind: 'subscription', state: expect.stringMatching(/pour/) });
    const done = await until(
      async () => (await read(user, code.hash)).json<BeverageFill>(),
      (f) => f.state === 'poured',
    );
    expect(done.state).toBe('poured');
    // Another user cannot take the same code.
    const other = await subscriber();
    const taken = await pour(other, code);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'BEVERAGE_USED',
      header: 'The drink cannot be poured',
    });
  });

  it('refuses a family outside the tier, and a user without a subscription, with the §8 texts', async () => {
    const basic = await subscriber(0);
    const outside = await pour(basic, await choose('SODA'));
    expect(outside.statusCode).toBe(422);
    expect(outside.json()).toMatchObject({
      code: 'DRINK_NOT_IN_SUBSCRIPTION',
      header: 'The drink cannot be poured',
      message: 'Scanned drink not in the subscription.',
    });
    const none = await cardCustomer(t.app);
    const refused = await pour(none, await choose('COFFEE'));
    expect(refused.json()).toMatchObject({ code: 'NO_BEVERAGE_SUBSCRIPTION' });
  });

  it('asks for a pause between cups (fair use), naming when the next one pours', async () => {
    const user = await subscriber();
    expect((await pour(user, await choose('COFFEE'))).statusCode).toBe(200);
    const second = await choose('TEA');
    expect((await read(user, second.hash)).json<BeverageFill>().nextCupAt).not.toBeNull();
    const wait = await pour(user, second);
    expect(wait.statusCode).toBe(422);
    expect(wait.json<{ code: string; message: string }>().message).toMatch(
      /^Your subscription pours one cup every 10 minutes\. The next cup is ready at \d\d:\d\d\.$/,
    );
  });

  it('refuses a code that expired, a machine out of order, and mismatched or bad input', async () => {
    const user = await subscriber();
    const code = await choose('COFFEE');
    await t.app.ctx.db
      .update(beverageFills)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(beverageFills.hash, code.hash));
    const late = await pour(user, code);
    expect(late.json()).toMatchObject({ code: 'BEVERAGE_EXPIRED' });

    const broken = await choose('COFFEE');
    machines().setOutOfOrder(broken.installationId, true);
    const out = await pour(user, broken);
    expect(out.statusCode).toBe(409);
    expect(out.json()).toMatchObject({ code: 'MACHINE_OUT_OF_ORDER' });
    machines().setOutOfOrder(broken.installationId, false);
    // Nothing poured, so no pause is owed: the next code pours.
    expect((await pour(user, await choose('COFFEE'))).statusCode).toBe(200);

    const fresh = await choose('COFFEE');
    const wrong = await pour(user, { ...fresh, transactionId: crypto.randomUUID() });
    expect(wrong.statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/beverages',
      headers: bearer(user.token),
      payload: { hash: 'short', installationId: 'x', transactionId: 'y', extra: 1 },
    });
    expect(bad.statusCode).toBe(400);
  });
});
