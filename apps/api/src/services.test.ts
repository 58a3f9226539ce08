import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { testConfig } from './config.ts';
import { jobs } from './db/schema/index.ts';
import { currentUserById, register } from './modules/account/index.ts';
import type { OwnedContext } from './platform/context.ts';
import { processLogger } from './platform/log.ts';
import { createServices } from './services.ts';

// The services without HTTP: what a job, a CLI script or a device's handler has.
describe('the service context', () => {
  let owned: OwnedContext | undefined;
  afterEach(async () => {
    await owned?.close();
    owned = undefined;
  });

  it('runs a service with no app around it', async () => {
    owned = await createServices(testConfig(), { log: processLogger('silent') });
    const { ctx } = owned;
    expect(Object.keys(ctx)).not.toContain('server');
    const token = await register(
      ctx,
      {
        name: 'Guðrun Hansen',
        address: 'Niels Finsens gøta 5',
        postCode: '100',
        city: 'Tórshavn',
        mobile: '291234',
        email: 'context@example.fo',
        password: 'sterkt-loyniord',
      },
      { userAgent: null, locale: 'fo' },
    );
    expect(token).toBeTruthy();
    const users = await ctx.db.query.users.findMany();
    expect(users).toHaveLength(1);
    const user = await currentUserById(ctx, users[0]!.id, 'fo');
    expect(user.email).toBe('context@example.fo');
  });

  it('defines the scheduled jobs, which run the services when due', async () => {
    owned = await createServices(testConfig(), { log: processLogger('silent') });
    const { ctx } = owned;
    await ctx.jobs.start();
    await ctx.jobs.stop();
    const names = (await ctx.db.select().from(jobs)).map((row) => row.name).sort();
    expect(names).toEqual([
      'alarms.sweep',
      'beverages.reconcile',
      'charges.reconcile',
      'food.expire',
      'installations.close-month',
      'payments.reconcile',
      'prices.apply',
      'push.sweep',
      'stations.reconcile',
      'subscriptions.renew',
    ]);
    await ctx.db.update(jobs).set({ runAt: new Date(Date.now() - 1000) });
    expect(await ctx.jobs.runDue()).toBe(10);
    const [renew] = await ctx.db.select().from(jobs).where(eq(jobs.name, 'subscriptions.renew'));
    expect(renew?.lastError).toBeNull();
    expect(renew?.runAt.getTime()).toBeGreaterThan(Date.now());
  });

  it('leaves out a job whose interval is 0 (the push sweep has no switch)', async () => {
    owned = await createServices(
      testConfig({
        RECONCILE_EVERY_SECONDS: '0',
        RENEW_EVERY_SECONDS: '0',
        STATION_RECONCILE_EVERY_SECONDS: '0',
        CHARGE_RECONCILE_EVERY_SECONDS: '0',
        FOOD_EXPIRE_EVERY_SECONDS: '0',
        EARNINGS_CLOSE_EVERY_SECONDS: '0',
        ALARM_SWEEP_SECONDS: '0',
        PRICE_APPLY_SECONDS: '0',
      }),
      { log: processLogger('silent') },
    );
    await owned.ctx.jobs.start();
    await owned.ctx.jobs.stop();
    expect((await owned.ctx.db.select().from(jobs)).map((row) => row.name)).toEqual(['push.sweep']);
  });
});
