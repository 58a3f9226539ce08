import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beverageFills } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { beverageKit } from '../../test/beverages.ts';
import { cardCustomer, until } from '../../test/stations.ts';
import { POUR_LOST_AFTER_MS, reconcilePours } from './reconcile.ts';

// A pour whose end was never heard: the process died between claiming the code and the machine's
// answer, or the machine's "done" was lost. The reconciliation asks the machine and finishes it.

let t: TestApp;
let kit: ReturnType<typeof beverageKit>;

beforeAll(async () => {
  t = await createTestApp({ SIM_SPEED: '500' });
  kit = beverageKit(t.app);
  await kit.seed();
});
afterAll(() => t.close());

const longAgo = () => new Date(Date.now() - POUR_LOST_AFTER_MS - 60_000);

/** The fill as a crash left it: claimed for a subscription cup, pouring, long ago. */
async function leftPouring(hash: string, userId: string) {
  await t.app.ctx.db
    .update(beverageFills)
    .set({ state: 'pouring', kind: 'subscription', userId, startedAt: longAgo(), pouredAt: null })
    .where(eq(beverageFills.hash, hash));
}

const stateOf = async (hash: string) => (await kit.fill(hash)).state;

describe('the reconciliation of pours whose end was never heard', () => {
  it('pours a code the machine still shows: the pour never reached it', async () => {
    const user = await cardCustomer(t.app);
    const code = await kit.choose();
    await leftPouring(code.hash, user.id);
    expect(await reconcilePours(t.app.ctx)).toBeGreaterThanOrEqual(1);
    await until(
      () => stateOf(code.hash),
      (state) => state === 'poured',
    );
  });

  it('records a cup the machine poured while nobody listened', async () => {
    const user = await cardCustomer(t.app);
    const code = await kit.choose();
    expect(await kit.machines().pour(code.installationId, code.transactionId)).toBe('pouring');
    await until(
      () => kit.machines().transaction(code.installationId, code.transactionId),
      (answer) => answer === 'done',
    );
    // As though the machine's "done" had been lost: the fill still says pouring.
    await leftPouring(code.hash, user.id);
    await reconcilePours(t.app.ctx);
    expect(await stateOf(code.hash)).toBe('poured');
  });

  it('fails a pour the machine knows nothing of, and waits for a machine that does not answer', async () => {
    const user = await cardCustomer(t.app);
    const code = await kit.choose();
    await leftPouring(code.hash, user.id);
    kit.machines().setOnline(code.installationId, false);
    try {
      await reconcilePours(t.app.ctx);
      expect(await stateOf(code.hash)).toBe('pouring');
    } finally {
      kit.machines().setOnline(code.installationId, true);
    }
    // Out of order and back, the machine dropped the code: nothing was poured.
    kit.machines().setOutOfOrder(code.installationId, true);
    kit.machines().setOutOfOrder(code.installationId, false);
    await reconcilePours(t.app.ctx);
    const fill = await kit.fill(code.hash);
    expect(fill.state).toBe('failed');
    expect(fill.startedAt).toBeNull();
  });

  it('leaves a cup the machine is still pouring, which its "done" then records', async () => {
    const user = await cardCustomer(t.app);
    const code = await kit.choose();
    await leftPouring(code.hash, user.id);
    kit.machines().setOnline(code.installationId, false);
    // The machine took the pour just before its line went down; it reports when it is back.
    kit.machines().setOnline(code.installationId, true);
    expect(await kit.machines().pour(code.installationId, code.transactionId)).toBe('pouring');
    expect(await kit.machines().transaction(code.installationId, code.transactionId)).toBe(
      'pouring',
    );
    expect(await reconcilePours(t.app.ctx)).toBe(0);
    expect(await stateOf(code.hash)).toBe('pouring');
    await until(
      () => stateOf(code.hash),
      (state) => state === 'poured',
    );
  });

  it('refunds a cup bought once that the machine lost before it poured', async () => {
    const user = await cardCustomer(t.app);
    const code = await kit.choose();
    // The machine breaks mid-cup and forgets it; its "done" never comes. It breaks as soon as it
    // has taken the cup, whatever the time the purchase's answer takes.
    const machines = kit.machines();
    const stop = machines.subscribe((event) => {
      if (event.transactionId === code.transactionId && event.state === 'pouring')
        // Once pour() has set its timer: the break cancels it.
        queueMicrotask(() => {
          machines.setOutOfOrder(code.installationId, true);
        });
    });
    let bought;
    try {
      bought = await kit.buy(user.token, { hash: code.hash, paymentMethodId: user.cardId });
    } finally {
      stop();
    }
    expect(bought.statusCode, bought.body).toBe(200);
    try {
      await t.app.ctx.db
        .update(beverageFills)
        .set({ startedAt: longAgo() })
        .where(eq(beverageFills.hash, code.hash));
      await reconcilePours(t.app.ctx);
    } finally {
      kit.machines().setOutOfOrder(code.installationId, false);
    }
    expect((await kit.fill(code.hash)).state).toBe('failed');
    const [payment] = await kit.paymentsFor(code.transactionId);
    expect(payment?.amountRefunded).toBe(payment?.amountCaptured);
    expect(payment?.amountCaptured).toBeGreaterThan(0);
    // Asked again, nothing moves twice.
    await reconcilePours(t.app.ctx);
    const [again] = await kit.paymentsFor(code.transactionId);
    expect(again?.amountRefunded).toBe(payment?.amountRefunded);
  });
});
