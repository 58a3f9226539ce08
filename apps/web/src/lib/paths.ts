import { OWN_CARD_SLUG } from '../config.ts';

/**
 * The one registry of the web app's paths (spec §2). Every link, navigation, redirect and guard
 * takes its path from here, and so does the route table (app/routes.ts). It lives in lib, not in
 * app, because the features link to each other's screens and may not import app.
 *
 * Static paths are strings. A parametrised path is a function that builds the path from its
 * values (encoded), and carries the route's pattern (`:id`) for the route table as `.pattern`.
 * paths.test.ts fails when a literal path turns up anywhere else in the app.
 */
/**
 * A parametrised path: `paths.receipt(id)` builds it, `paths.receipt.pattern` is the route
 * table's `/profile/receipts/:id`. Values are encoded, in the order of the pattern's params.
 */
export interface PathBuilder<N extends 1 | 2 = 1> {
  (...values: N extends 1 ? [string | number] : [string | number, string | number]): string;
  readonly pattern: string;
}

function param<N extends 1 | 2 = 1>(pattern: string): PathBuilder<N> {
  const build = (...values: (string | number)[]) => {
    let i = 0;
    return pattern.replace(/:\w+/g, () => encodeURIComponent(String(values[i++])));
  };
  return Object.assign(build, { pattern });
}

/** The registry for an own-card URL segment; the app uses `paths`, built from the config. */
export function createPaths(card: string = OWN_CARD_SLUG) {
  return {
    // Guest routes
    start: '/',
    login: '/login',
    forgotPassword: '/forgot-password',
    resetPassword: '/reset-password',

    // Registration
    register: '/register-user',
    registerPaymentMethod: '/register-user/payment-method',
    registerAgreement: '/register-user/payment-method/agreement',
    registerOwnCardCreate: `/register-user/payment-methods/${card}/create`,
    registerOwnCardAdd: `/register-user/payment-methods/${card}/add`,
    registerCompleted: '/register-user/completed',

    // Car wash
    carwashNoPayment: '/carwash/stations/no-payment',
    carwashStations: '/carwash/stations',
    carwashStation: param('/carwash/stations/:id'),
    carwashProducts: param('/carwash/stations/:id/products'),
    carwashChecklist: param('/carwash/stations/:id/checklist'),
    carwashWash: param('/carwash/stations/:id/wash'),

    // Charging
    chargingInstallations: '/charging/installations',
    chargingInstallation: param('/charging/installations/:id'),
    chargingCharge: param('/charging/installations/:id/charge'),
    chargingUnavailable: param('/charging/installations/:id/unavailable'),
    chargingDeepLink: param('/charging/:installationId'),

    // Food order
    foodOrder: '/food-order',
    foodStations: '/food-order/stations',
    foodStation: param('/food-order/stations/:id'),
    foodCart: param('/food-order/:id/cart'),
    foodCheckout: param('/food-order/:id/checkout'),
    foodOrderPlaced: '/food-order/order',

    // Fuel
    fuelNoPayment: '/fuel/stations/no-payment',
    fuelStations: '/fuel/stations',
    fuelStation: param('/fuel/stations/:id'),
    fuelType: param('/fuel/stations/:id/type'),
    fuelFill: param('/fuel/stations/:id/fill'),
    fuelDeepLink: param<2>('/fuel/:stationId/:pumpNumber'),

    // Profile
    profile: '/profile',
    profileUser: '/profile/user',
    verifyEmailFailure: '/profile/user/verify-email/failure',
    verifyEmailSuccess: '/profile/user/verify-email/success',
    verifyEmail: param('/profile/user/verify-email/:email'),
    paymentMethods: '/profile/payment-methods',
    paymentAgreement: '/profile/payment-methods/agreement',
    ownCardCreate: `/profile/payment-methods/${card}/create`,
    ownCardAdd: `/profile/payment-methods/${card}/add`,
    ownCardCreateComplete: `/profile/payment-methods/${card}/create/complete`,
    ownCardAddComplete: `/profile/payment-methods/${card}/add/complete`,
    paymentMethod: param('/profile/payment-methods/:id'),
    receipts: '/profile/receipts',
    receipt: param('/profile/receipts/:id'),
    vouchers: '/profile/vouchers',
    subscriptions: '/profile/subscriptions',
    installations: '/profile/installations',
    installation: param('/profile/installations/:id'),
    installationCharges: param('/profile/installations/:id/charges'),
    installationShare: param('/profile/installations/:id/share'),
    installationShareUser: param<2>('/profile/installations/:id/share/:userId'),
    profileAgreement: '/profile/agreement',
    pushNotifications: '/profile/push-notifications',
    language: '/profile/language',

    // Other routes
    home: '/home',
    homeHash: param('/:hash'),
    stations: '/stations',
    maintenance: '/maintenance',
    noNetwork: '/no-network',
    notFound: '*',
  } as const;
}

export type Paths = ReturnType<typeof createPaths>;

export const paths: Paths = createPaths();

/** Whether a path lies below another: `/profile/user` below `/profile`; not `/profile` itself. */
export function isBelow(pathname: string, parent: string): boolean {
  return pathname.startsWith(`${parent}/`);
}

/** Sign in, then come back to `target` (the path with its query). */
export function loginPathFor(target: string): string {
  return `${paths.login}?redirect=${encodeURIComponent(target)}`;
}

/**
 * Registration instead of sign-in, then on to `redirect` once it ends (lib/return-path.ts keeps
 * it through the payment steps). Without a path to go back to, plain registration.
 */
export function registerPathFor(redirect: string | null | undefined): string {
  const target = safeRedirect(redirect, paths.home);
  return target === paths.home
    ? paths.register
    : `${paths.register}?redirect=${encodeURIComponent(target)}`;
}

/** Only same-app paths are followed after sign-in, never another origin. */
export function safeRedirect(
  value: string | null | undefined,
  fallback: string = paths.home,
): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return fallback;
  }
  return value;
}
