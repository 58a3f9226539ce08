import type { PaymentMethod, SubscriptionPlan } from '@stod/domain';
import { describe, expect, it } from 'vitest';
import { changedBy } from './refresh.ts';
import {
  canCancel,
  cardLabel,
  coveredFamilies,
  familyLabel,
  planPrice,
  preselectedCard,
  pricePerIntervalKey,
  sortPlans,
  subscriptionCards,
  subscriptionOfType,
  tierAction,
  yearlySaving,
  type UserSubscriptionView,
} from './tiers.ts';

const NOW = new Date('2026-03-05T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;

function plan(id: number, index: number, overrides: Partial<SubscriptionPlan> = {}) {
  return {
    id,
    type: 'BEVERAGE',
    index,
    productIds: 'COFFEE,TEA',
    name: `Tier ${String(index)}`,
    description: '',
    prices: { monthly: 14_900 * index, yearly: 149_000 * index },
    ...overrides,
  } satisfies SubscriptionPlan;
}

const kaffi = plan(1, 1);
const kaffiPlus = plan(2, 2);
const alt = plan(3, 3);
const plans = [alt, kaffi, kaffiPlus];

function sub(
  of: SubscriptionPlan,
  overrides: Partial<UserSubscriptionView> = {},
): UserSubscriptionView {
  return {
    id: 'us-1',
    validTo: new Date(NOW.getTime() + 30 * DAY).toISOString(),
    nextPaymentAt: new Date(NOW.getTime() + 30 * DAY).toISOString(),
    cancelledAt: null,
    interval: 'monthly',
    subscription: {
      id: of.id,
      type: of.type,
      productIds: of.productIds,
      index: of.index,
      name: of.name,
    },
    ...overrides,
  };
}

function card(overrides: Partial<PaymentMethod> = {}): PaymentMethod {
  return {
    id: 'pm-1',
    kind: 'card',
    brand: 'visa',
    last4: '4242',
    expMonth: 12,
    expYear: 2030,
    name: null,
    isFavourite: false,
    isActive: true,
    activeFrom: '2026-03-01T00:00:00Z',
    products: ['fuel', 'subscriptions'],
    createdAt: '2026-03-01T00:00:00Z',
    ...overrides,
  };
}

describe('sortPlans', () => {
  it('orders the tiers by index, grouped by type', () => {
    const other = plan(9, 1, { type: 'AAA' });
    expect(sortPlans([...plans, other]).map((p) => p.id)).toEqual([9, 1, 2, 3]);
  });
});

describe('tierAction', () => {
  it('offers every tier to a user without a subscription', () => {
    expect(plans.map((p) => tierAction(p, plans, [], NOW))).toEqual([
      'subscribe',
      'subscribe',
      'subscribe',
    ]);
  });

  it("marks the user's tier and offers an upgrade to the higher ones only", () => {
    const subs = [sub(kaffiPlus)];
    expect(tierAction(kaffi, plans, subs, NOW)).toBe('none');
    expect(tierAction(kaffiPlus, plans, subs, NOW)).toBe('current');
    expect(tierAction(alt, plans, subs, NOW)).toBe('upgrade');
  });

  it('still offers the upgrade of a cancelled subscription that is usable', () => {
    const subs = [sub(kaffi, { cancelledAt: NOW.toISOString(), nextPaymentAt: null })];
    expect(tierAction(kaffiPlus, plans, subs, NOW)).toBe('upgrade');
  });

  it('offers nothing above the top tier', () => {
    expect(plans.map((p) => tierAction(p, plans, [sub(alt)], NOW))).toEqual([
      'current',
      'none',
      'none',
    ]);
  });

  it('lets a user subscribe again once the subscription has expired', () => {
    const expired = sub(kaffi, { validTo: new Date(NOW.getTime() - 1000).toISOString() });
    expect(subscriptionOfType('BEVERAGE', [expired], NOW)).toBeUndefined();
    expect(tierAction(kaffi, plans, [expired], NOW)).toBe('subscribe');
  });

  it('keeps types apart: a subscription of another type does not count', () => {
    const other = plan(7, 1, { type: 'CARWASH' });
    expect(tierAction(kaffi, [...plans, other], [sub(other)], NOW)).toBe('subscribe');
  });
});

describe('prices', () => {
  it('shows the price of the chosen interval', () => {
    expect(planPrice(kaffi, 'monthly')).toBe(14_900);
    expect(planPrice(kaffi, 'yearly')).toBe(149_000);
    expect(pricePerIntervalKey('monthly')).toBe('subscriptions.pricePerMonth');
    expect(pricePerIntervalKey('yearly')).toBe('subscriptions.pricePerYear');
  });

  it('tells what a year saves against twelve months, never less than nothing', () => {
    expect(yearlySaving(kaffi)).toBe(14_900 * 12 - 149_000);
    expect(yearlySaving(plan(5, 1, { prices: { monthly: 100, yearly: 1_500 } }))).toBe(0);
  });
});

describe('covered families', () => {
  it('splits the comma-separated productIds, trimmed and once each', () => {
    expect(coveredFamilies(' COFFEE, TEA,,COFFEE ')).toEqual(['COFFEE', 'TEA']);
    expect(coveredFamilies('')).toEqual([]);
  });

  it('names known families by their text and unknown ones in words', () => {
    const t = (key: string) => `<${key}>`;
    expect(familyLabel('HOT_CHOCOLATE', t)).toBe('<subscriptions.family.HOT_CHOCOLATE>');
    expect(familyLabel('ICED_TEA', t)).toBe('Iced tea');
  });
});

describe('canCancel', () => {
  it('cancels only what still renews', () => {
    expect(canCancel('active')).toBe(true);
    expect(canCancel('expiresSoon')).toBe(true);
    expect(canCancel('cancelled')).toBe(false);
    expect(canCancel('expired')).toBe(false);
  });
});

describe('subscription cards', () => {
  it('lists active cards allowed for subscriptions, the favourite first', () => {
    const methods = [
      card({ id: 'a' }),
      card({ id: 'own', kind: 'own_card', products: ['fuel', 'carwash', 'charging'] }),
      card({ id: 'waiting', isActive: false }),
      card({ id: 'fav', isFavourite: true }),
    ];
    expect(subscriptionCards(methods).map((m) => m.id)).toEqual(['fav', 'a']);
    expect(preselectedCard(methods)).toBe('fav');
  });

  it('chooses no card when none may pay', () => {
    expect(preselectedCard([card({ isFavourite: true, products: ['fuel'] })])).toBeNull();
  });

  it('labels a card by its name or brand and last digits', () => {
    expect(cardLabel(card())).toBe('Visa •••• 4242');
    expect(cardLabel(card({ name: 'Arbeiði' }))).toBe('Arbeiði •••• 4242');
  });
});

describe('changedBy', () => {
  it('refreshes after a success and after answers that say the list is out of date', () => {
    expect(changedBy(null)).toBe(true);
    expect(changedBy({ statusCode: 409 })).toBe(true);
    expect(changedBy({ statusCode: 404 })).toBe(true);
    expect(changedBy({ statusCode: 422 })).toBe(false);
    expect(changedBy({ statusCode: 0 })).toBe(false);
  });
});
