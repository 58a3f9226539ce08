import {
  subscriptionState,
  upgradeTargets,
  type PaymentMethod,
  type SubscriptionInterval,
  type SubscriptionPlan,
  type SubscriptionState,
} from '@stod/domain';
import type { TranslationKey } from '../../i18n/index.ts';

/** A subscription of the user, as GET /api/user-subscriptions and GET /api/user/v2 answer it. */
export interface UserSubscriptionView {
  id: string;
  validTo: string;
  nextPaymentAt: string | null;
  cancelledAt: string | null;
  interval: SubscriptionInterval;
  subscription: { id: number; type: string; productIds: string; index: number; name: string };
}

/** What a tier's card offers: subscribe, upgrade to it, mark it as the user's own, or nothing. */
export type TierAction = 'subscribe' | 'upgrade' | 'current' | 'none';

/** Plans grouped by type, each type in tier order. */
export function sortPlans(plans: readonly SubscriptionPlan[]): SubscriptionPlan[] {
  return [...plans].sort((a, b) => a.type.localeCompare(b.type) || a.index - b.index);
}

/** The user's usable subscription of the plan's type, if any; expired ones no longer count. */
export function subscriptionOfType(
  type: string,
  subs: readonly UserSubscriptionView[],
  now: Date,
): UserSubscriptionView | undefined {
  return subs.find((s) => s.subscription.type === type && subscriptionState(s, now) !== 'expired');
}

export function tierAction(
  plan: SubscriptionPlan,
  plans: readonly SubscriptionPlan[],
  subs: readonly UserSubscriptionView[],
  now: Date,
): TierAction {
  const own = subscriptionOfType(plan.type, subs, now);
  if (!own) return 'subscribe';
  if (own.subscription.id === plan.id) return 'current';
  return upgradeTargets(own.subscription, plans).some((p) => p.id === plan.id) ? 'upgrade' : 'none';
}

export const planPrice = (plan: SubscriptionPlan, interval: SubscriptionInterval): number =>
  plan.prices[interval];

/** '{{price}} um mánaðin' or '{{price}} um árið'. */
export const pricePerIntervalKey = (interval: SubscriptionInterval): TranslationKey =>
  interval === 'monthly' ? 'subscriptions.pricePerMonth' : 'subscriptions.pricePerYear';

export const intervalKey = (interval: SubscriptionInterval): TranslationKey =>
  interval === 'monthly' ? 'subscriptions.monthly' : 'subscriptions.yearly';

/** What a year costs less when paid at once than twelve months; 0 when it does not. */
export function yearlySaving(plan: SubscriptionPlan): number {
  return Math.max(0, plan.prices.monthly * 12 - plan.prices.yearly);
}

const FAMILY_KEYS: Partial<Record<string, TranslationKey>> = {
  COFFEE: 'subscriptions.family.COFFEE',
  COFFEE_SPECIAL: 'subscriptions.family.COFFEE_SPECIAL',
  TEA: 'subscriptions.family.TEA',
  HOT_CHOCOLATE: 'subscriptions.family.HOT_CHOCOLATE',
  SODA: 'subscriptions.family.SODA',
};

/** The beverage families a plan covers: productIds is a comma-separated list. */
export function coveredFamilies(productIds: string): string[] {
  return [
    ...new Set(
      productIds
        .split(',')
        .map((p) => p.trim())
        .filter((p) => p !== ''),
    ),
  ];
}

/** A family the app has no text for is shown as its id in words: 'ICED_TEA' → 'Iced tea'. */
export function familyLabel(family: string, t: (key: TranslationKey) => string): string {
  const key = FAMILY_KEYS[family];
  if (key) return t(key);
  const words = family.toLowerCase().replace(/_+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const STATE_KEYS: Record<SubscriptionState, TranslationKey> = {
  active: 'subscriptions.state.active',
  cancelled: 'subscriptions.state.cancelled',
  expiresSoon: 'subscriptions.state.expiresSoon',
  expired: 'subscriptions.state.expired',
};

/** Only a subscription that still renews can be cancelled. */
export const canCancel = (state: SubscriptionState): boolean =>
  state === 'active' || state === 'expiresSoon';

/** Cards that may pay for subscriptions (spec §5), the favourite first. */
export function subscriptionCards(methods: readonly PaymentMethod[]): PaymentMethod[] {
  return methods
    .filter((m) => m.isActive && m.products.includes('subscriptions'))
    .sort((a, b) => Number(b.isFavourite) - Number(a.isFavourite));
}

/** The card chosen at first: the favourite when it may pay, else the first that may. */
export function preselectedCard(methods: readonly PaymentMethod[]): string | null {
  return subscriptionCards(methods)[0]?.id ?? null;
}

/** 'Visa •••• 4242', or the card's own name. */
export function cardLabel(method: Pick<PaymentMethod, 'name' | 'brand' | 'last4'>): string {
  const title =
    method.name ?? (method.brand.charAt(0).toUpperCase() + method.brand.slice(1)).trim();
  return `${title} •••• ${method.last4}`;
}
