import type { BeverageFill } from '@stod/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSubscriptionPlans } from '../../seed/subscriptions.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { beverageKit } from '../../test/beverages.ts';
import { cardCustomer, until } from '../../test/stations.ts';

// A coffee machine that loses its connection: no code, no pour and no money while it is gone;
// a cup already pouring goes on, and is counted poured when the machine reports back.

let t: TestApp;
let kit: ReturnType<typeof beverageKit>;

beforeAll(async () => {
  t = await createTestApp({ SIM_SPEED: '500' });
  kit = beverageKit(t.app);
  await kit.seed();
  await seedSubscriptionPlans(t.app.ctx.db);
});
afterAll(() => t.close());

const UNREACHABLE = {
  code: 'MACHINE_UNREACHABLE',
  header: expect.any(String),
  message:
    'The coffee machine is not answering right now. Nothing was charged. Choose the drink on the machine again in a moment.',
};

/** Runs `body` with the machine offline, and brings it back whatever happens. */
async function offline(machineId: string, body: () => Promise<void>) {
  kit.machines().setOnline(machineId, false);
  try {
    await body();
  } finally {
    kit.machines().setOnline(machineId, true);
  }
}

describe('a coffee machine without its connection', () => {
  it('pours nothing on the subscription, owes no pause, and pours once it is back', async () => {
    const user = await kit.subscriber();
    const code = await kit.choose();
    await offline(code.installationId, async () => {
      const res = await kit.pour(user.token, code);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject(UNREACHABLE);
      expect((await kit.fill(code.hash)).state).toBe('failed');
    });
    // Nothing poured: the fair-use pause is not owed, and a new code pours.
    const next = await kit.choose();
    expect((await kit.pour(user.token, next)).statusCode).toBe(200);
  });

  it('voids the hold of a cup bought once: nothing charged, no receipt', async () => {
    const user = await cardCustomer(t.app);
    const code = await kit.choose();
    await offline(code.installationId, async () => {
      const res = await kit.buy(user.token, { hash: code.hash, paymentMethodId: user.cardId });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject(UNREACHABLE);
    });
    const paid = await kit.paymentsFor(code.transactionId);
    expect(paid.map((p) => [p.status, p.amountCaptured])).toEqual([['voided', 0]]);
    expect(await kit.receiptsOf(user.id)).toEqual([]);
  });

  it('shows no new code while offline (503), and the machine says so on the simulator page', async () => {
    const code = await kit.choose();
    const station = kit.stationId();
    await offline(code.installationId, async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/dev/sim/beverage-machines',
        headers: { 'accept-language': 'en' },
        payload: { stationId: station, beverageFamily: 'COFFEE' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'MACHINE_UNREACHABLE' });
      const state = await t.app.inject({ url: `/api/dev/sim/state?stationId=${String(station)}` });
      expect(state.json<{ machines: { online: boolean }[] }>().machines[0]?.online).toBe(false);
    });
  });

  it('finishes a cup that was pouring when the connection dropped, once it is back', async () => {
    const user = await kit.subscriber();
    const code = await kit.choose();
    kit.machines().setOnline(code.installationId, false);
    // The pour reached the machine just before the line went down.
    kit.machines().setOnline(code.installationId, true);
    expect((await kit.pour(user.token, code)).statusCode).toBe(200);
    kit.machines().setOnline(code.installationId, false);
    try {
      // The cup finishes offline (25 simulated seconds): nobody hears it yet.
      await until(
        () => Promise.resolve(kit.machines().peek(code.installationId).state),
        (state) => state !== 'pouring',
      );
      expect((await kit.fill(code.hash)).state).toBe('pouring');
    } finally {
      kit.machines().setOnline(code.installationId, true);
    }
    const done = await until(
      async () => (await kit.read(user.token, code.hash)).json<BeverageFill>(),
      (f) => f.state === 'poured',
    );
    expect(done.state).toBe('poured');
  });
});
