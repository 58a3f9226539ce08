import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { OWN_CARD_SLUG } from '../config.ts';
import appEn from '../i18n/app.en.json';
import appFo from '../i18n/app.fo.json';
import en from '../i18n/en.json';
import fo from '../i18n/fo.json';
import { routeHandleSchema } from '../lib/route-meta-schema.ts';
import { isRouteHandle } from '../lib/route-meta.ts';
import { appRoutes, rootRoute } from './routes.ts';

const card = OWN_CARD_SLUG;

/** Every path of spec §2 (ids filled in), with the route name it must land on. */
const specRoutes: [string, string][] = [
  ['/', 'start'],
  ['/login', 'login'],
  ['/forgot-password', 'forgot-password'],
  ['/reset-password', 'reset-password'],
  ['/register-user', 'register-user'],
  ['/register-user/payment-method', 'register-payment-method'],
  ['/register-user/payment-method/agreement', 'register-payment-agreement'],
  [`/register-user/payment-methods/${card}/create`, 'register-own-card-create'],
  [`/register-user/payment-methods/${card}/add`, 'register-own-card-add'],
  ['/register-user/completed', 'register-completed'],
  ['/carwash/stations/no-payment', 'carwash-no-payment'],
  ['/carwash/stations', 'carwash-stations'],
  ['/carwash/stations/7', 'carwash-station'],
  ['/carwash/stations/7/products', 'carwash-products'],
  ['/carwash/stations/7/checklist', 'carwash-checklist'],
  ['/carwash/stations/7/wash', 'carwash-wash'],
  ['/charging/installations', 'charging-installations'],
  ['/charging/installations/3', 'charging-installation'],
  ['/charging/installations/3/charge', 'charging-charge'],
  ['/charging/installations/3/unavailable', 'charging-unavailable'],
  ['/charging/42', 'charging-deep-link'],
  ['/food-order', 'food-order'],
  ['/food-order/stations', 'food-stations'],
  ['/food-order/stations/5', 'food-station'],
  ['/food-order/5/cart', 'food-station-cart'],
  ['/food-order/5/checkout', 'food-station-checkout'],
  ['/food-order/order', 'food-station-order'],
  ['/fuel/stations/no-payment', 'fuel-no-payment'],
  ['/fuel/stations', 'fuel-stations'],
  ['/fuel/stations/9', 'fuel-station'],
  ['/fuel/stations/9/type', 'fuel-type'],
  ['/fuel/stations/9/fill', 'fuel-fill'],
  ['/fuel/9/4', 'fuel-deep-link'],
  ['/profile', 'profile'],
  ['/profile/user', 'profile-user'],
  ['/profile/user/verify-email/a%40b.fo', 'verify-email'],
  ['/profile/user/verify-email/failure', 'verify-email-failure'],
  ['/profile/user/verify-email/success', 'verify-email-success'],
  ['/profile/payment-methods', 'payment-methods'],
  ['/profile/payment-methods/12', 'payment-method'],
  ['/profile/payment-methods/agreement', 'payment-agreement'],
  [`/profile/payment-methods/${card}/create`, 'own-card-create'],
  [`/profile/payment-methods/${card}/add`, 'own-card-add'],
  [`/profile/payment-methods/${card}/create/complete`, 'own-card-create-complete'],
  [`/profile/payment-methods/${card}/add/complete`, 'own-card-add-complete'],
  ['/profile/receipts', 'receipts'],
  ['/profile/receipts/5b0e7c52-3a4f-4c1e-9d7a-2f1e0c3b4a59', 'receipt'],
  ['/profile/vouchers', 'vouchers'],
  ['/profile/subscriptions', 'subscriptions'],
  ['/profile/installations', 'installations'],
  ['/profile/installations/3', 'installation'],
  ['/profile/installations/3/charges', 'installation-charges'],
  ['/profile/installations/3/share', 'installation-share'],
  ['/profile/installations/3/share/8', 'installation-share-user'],
  ['/profile/agreement', 'profile-agreement'],
  ['/profile/push-notifications', 'push-notifications'],
  ['/profile/language', 'language'],
  ['/home', 'home'],
  ['/a1b2c3d4e5f6a7b8c9d0', 'home-hash'],
  ['/stations', 'stations'],
  ['/maintenance', 'maintenance'],
  ['/no-network', 'no-network'],
  ['/no/such/page', 'not-found'],
];

function leafName(path: string): string | undefined {
  const matches = matchRoutes([rootRoute], path) ?? [];
  const handle = matches.at(-1)?.route.handle as unknown;
  return isRouteHandle(handle) ? handle.name : undefined;
}

describe('the route table', () => {
  it('validates every handle with the zod schema', () => {
    for (const route of appRoutes) {
      const parsed = routeHandleSchema.safeParse(route.handle);
      expect(parsed.success, `${route.path ?? '?'}: ${parsed.error?.message ?? ''}`).toBe(true);
    }
  });

  it('titles every route with an i18n key that is loaded before the route renders', () => {
    const outside = rootRoute.children?.filter((r) => isRouteHandle(r.handle)) ?? [];
    for (const route of appRoutes) {
      if (!isRouteHandle(route.handle)) continue;
      const key = route.handle.title;
      // Outside the query layout, a route renders with the first paint's texts only.
      const [foTexts, enTexts] = outside.includes(route) ? [fo, en] : [appFo, appEn];
      expect(foTexts, `${route.path ?? '?'}: ${key}`).toHaveProperty([key]);
      expect(enTexts, `${route.path ?? '?'}: ${key}`).toHaveProperty([key]);
    }
  });

  it('has unique route names', () => {
    const names = appRoutes.map((r) => (isRouteHandle(r.handle) ? r.handle.name : ''));
    expect(new Set(names).size).toBe(names.length);
  });

  it.each(specRoutes)('resolves %s to %s', (path, name) => {
    expect(leafName(path)).toBe(name);
  });

  it('guards every route in a loader', () => {
    for (const route of appRoutes) expect(route.loader, route.path).toBeTypeOf('function');
  });

  it('marks /home dark and the food routes as food orders', () => {
    const byName = new Map(
      appRoutes.flatMap((r) => (isRouteHandle(r.handle) ? [[r.handle.name, r.handle]] : [])),
    );
    expect(byName.get('home')?.isDark).toBe(true);
    expect(byName.get('food-order')?.isAuthRequired).toBe(false);
    for (const [name, h] of byName) {
      expect(h.isFoodOrder, name).toBe(name.startsWith('food-'));
    }
  });
});
