import type { Db } from '../db/client.ts';
import { subscriptionPlans } from '../db/schema/index.ts';

/** The coffee and beverage plans, in three tiers. */
export const seedPlans = [
  {
    type: 'BEVERAGE',
    index: 1,
    productIds: 'COFFEE,TEA',
    name: 'Kaffi',
    description: 'Kaffi og te so ofta tú vilt.',
    nameEn: 'Coffee',
    descriptionEn: 'Coffee and tea as often as you like.',
    priceMonthly: 14_900,
    priceYearly: 149_000,
    fairUseMinutes: 10,
  },
  {
    type: 'BEVERAGE',
    index: 2,
    productIds: 'COFFEE,COFFEE_SPECIAL,TEA,HOT_CHOCOLATE',
    name: 'Kaffi+',
    description: 'Eisini cappuccino, latte og heitt kakao.',
    nameEn: 'Coffee+',
    descriptionEn: 'Cappuccino, latte and hot chocolate too.',
    priceMonthly: 24_900,
    priceYearly: 249_000,
    fairUseMinutes: 10,
  },
  {
    type: 'BEVERAGE',
    index: 3,
    productIds: 'COFFEE,COFFEE_SPECIAL,TEA,HOT_CHOCOLATE,SODA',
    name: 'Alt',
    description: 'Allir drekkamunir, eisini sodavatn.',
    nameEn: 'Everything',
    descriptionEn: 'Every drink, soft drinks too.',
    priceMonthly: 34_900,
    priceYearly: 349_000,
    fairUseMinutes: 10,
  },
];

export async function seedSubscriptionPlans(db: Db) {
  await db.insert(subscriptionPlans).values(seedPlans);
}
