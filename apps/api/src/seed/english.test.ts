import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  beverages,
  stationProducts,
  subscriptionPlans,
  userVouchers,
  voucherCodes,
} from '../db/schema/index.ts';
import { bearer, createTestApp, registerUser, type TestApp } from '../test/app.ts';
import { seedEnglish } from './english.ts';
import { seedDemo, seedIfEmpty } from './index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'auto' });
  await seedDemo(t.app.ctx);
});
afterAll(() => t.close());

/** Makes the database look as one seeded before content had English. */
async function forgetEnglish() {
  const { db } = t.app.ctx;
  await db.update(subscriptionPlans).set({ nameEn: null, descriptionEn: null });
  await db.update(voucherCodes).set({ nameEn: null });
  await db.update(userVouchers).set({ nameEn: null });
  await db.update(stationProducts).set({ nameEn: null });
  await db.update(beverages).set({ nameEn: null });
}

describe('the demo content in English', () => {
  it('is seeded with the demo data', async () => {
    const res = await t.app.inject({
      url: '/api/subscriptions',
      headers: { 'accept-language': 'en' },
    });
    expect(res.json<{ items: { name: string }[] }>().items.map((p) => p.name)).toEqual([
      'Coffee',
      'Coffee+',
      'Everything',
    ]);
  });

  it("reaches a database seeded before it, at the next start, and leaves the operator's content", async () => {
    await forgetEnglish();
    const { db } = t.app.ctx;
    // The operator renamed one plan and gave another English of its own.
    await db
      .update(subscriptionPlans)
      .set({ name: 'Kaffi Plus' })
      .where(eq(subscriptionPlans.name, 'Kaffi+'));
    await db
      .update(subscriptionPlans)
      .set({ nameEn: 'All drinks', descriptionEn: 'Every drink there is.' })
      .where(eq(subscriptionPlans.name, 'Alt'));
    // A user redeemed a demo code before.
    const user = await registerUser(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/vouchers/redeem',
      headers: bearer(user.token),
      payload: { code: 'VASK-OKEYPIS' },
    });
    await db.update(userVouchers).set({ nameEn: null });

    expect(await seedIfEmpty(t.app.ctx)).toBe(false);
    const plans = await db.select().from(subscriptionPlans);
    const byName = (name: string) => plans.find((p) => p.name === name);
    expect(byName('Kaffi')).toMatchObject({
      nameEn: 'Coffee',
      descriptionEn: 'Coffee and tea as often as you like.',
    });
    expect(byName('Kaffi Plus')).toMatchObject({ nameEn: null, descriptionEn: null });
    expect(byName('Alt')).toMatchObject({
      nameEn: 'All drinks',
      descriptionEn: 'Every drink there is.',
    });
    const [wash] = await db
      .select({ nameEn: userVouchers.nameEn })
      .from(userVouchers)
      .where(eq(userVouchers.name, 'Ein bilvask'));
    expect(wash?.nameEn).toBe('One car wash');
    expect(await db.select().from(stationProducts).where(isNull(stationProducts.nameEn))).toEqual(
      [],
    );
    const [coffee] = await db
      .select({ nameEn: beverages.nameEn })
      .from(beverages)
      .where(and(eq(beverages.beverageFamily, 'COFFEE')));
    expect(coffee?.nameEn).toBe('Coffee');
    const [expired] = await db
      .select({ nameEn: voucherCodes.nameEn })
      .from(voucherCodes)
      .where(eq(voucherCodes.name, 'Útgingið virðisskjal'));
    expect(expired?.nameEn).toBe('Expired voucher');
  });

  it('changes nothing on a second run', async () => {
    const { db } = t.app.ctx;
    const before = await db.select().from(subscriptionPlans).orderBy(subscriptionPlans.id);
    await seedEnglish(db);
    expect(await db.select().from(subscriptionPlans).orderBy(subscriptionPlans.id)).toEqual(before);
  });
});
