import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  beverages,
  receipts,
  stationProducts,
  subscriptionPlans,
  userVouchers,
  voucherCodes,
} from '../db/schema/index.ts';
import { seedBeverages, seedProducts } from './stations.ts';
import { seedPlans } from './subscriptions.ts';
import { DEMO_VOUCHERS, EXPIRED_DEMO_VOUCHER } from './vouchers.ts';

/**
 * Gives a development database seeded before content had English the English of its demo
 * rows. Only rows that still carry the demo's Faroese and no English are touched, so content an
 * operator wrote, or English already given, stays as it is; a second run changes nothing.
 */
export async function seedEnglish(db: Db) {
  for (const plan of seedPlans) {
    await db
      .update(subscriptionPlans)
      .set({ nameEn: plan.nameEn, descriptionEn: plan.descriptionEn })
      .where(
        and(
          eq(subscriptionPlans.name, plan.name),
          eq(subscriptionPlans.description, plan.description),
          isNull(subscriptionPlans.nameEn),
          isNull(subscriptionPlans.descriptionEn),
        ),
      );
  }
  for (const voucher of [...DEMO_VOUCHERS, EXPIRED_DEMO_VOUCHER]) {
    for (const table of [voucherCodes, userVouchers]) {
      await db
        .update(table)
        .set({ nameEn: voucher.nameEn })
        .where(and(eq(table.name, voucher.name), isNull(table.nameEn)));
    }
  }
  for (const product of Object.values(seedProducts).flat()) {
    await db
      .update(stationProducts)
      .set({ nameEn: product.nameEn })
      .where(
        and(
          eq(stationProducts.code, product.code),
          eq(stationProducts.name, product.name),
          isNull(stationProducts.nameEn),
        ),
      );
  }
  // The demo's wash receipts name the programme in English too.
  for (const wash of seedProducts.carwash) {
    await db
      .update(receipts)
      .set({
        data: sql`${receipts.data} || ${JSON.stringify({ descriptionEn: wash.nameEn })}::jsonb`,
      })
      .where(
        and(
          eq(receipts.productType, 'Carwash'),
          eq(receipts.productDescription, wash.name),
          sql`not (${receipts.data} ? 'descriptionEn')`,
        ),
      );
  }
  for (const beverage of seedBeverages) {
    await db
      .update(beverages)
      .set({ nameEn: beverage.nameEn })
      .where(
        and(
          eq(beverages.beverageFamily, beverage.beverageFamily),
          eq(beverages.name, beverage.name),
          isNull(beverages.nameEn),
        ),
      );
  }
}
