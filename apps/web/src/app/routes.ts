import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { NoNetworkScreen } from '../features/system/screens/NoNetworkScreen.tsx';
import { NotFoundScreen } from '../features/system/screens/NotFoundScreen.tsx';
import { loadTexts, type TextBundle } from '../i18n/index.ts';
import { paths } from '../lib/paths.ts';
import { defineHandle, notFoundHandle, type RouteHandleInput } from '../lib/route-meta.ts';
import type { FlowScreen } from './station-flows.ts';
import { guardLoader, hashLoader } from './guards.ts';
import { withHashCheck } from './shell/HashRoute.tsx';
import { RootError } from './shell/RootError.tsx';
import { Shell } from './shell/Shell.tsx';
import { Splash } from './shell/Splash.tsx';

type Lazy = () => Promise<{ Component: ComponentType }>;

/** A screen whose texts are not on the first paint: both load before the route renders. */
const withTexts =
  (bundle: TextBundle, load: Lazy): Lazy =>
  () =>
    Promise.all([load(), loadTexts(bundle)]).then(([screen]) => screen);

/** A fuel, car-wash, charging or food screen with its texts, through the one loader of those flows. */
const flow = (bundle: TextBundle, name: FlowScreen, also?: TextBundle): Lazy =>
  withTexts(bundle, () =>
    Promise.all([
      import('./station-flows.ts').then((m) => m.flowScreens[name]()),
      also && loadTexts(also),
    ]).then(([screen]) => screen),
  );

/** A screen of "My charging stations": its texts, and charging's for the connectors' states. */
const mine = (name: FlowScreen): Lazy => flow('installations', name, 'charging');

// prettier-ignore
/** Screens load with their route, so the first paint of /login carries only what it needs. */
const screens = {
  login: () => import('../features/auth/screens/LoginScreen.tsx').then((m) => ({ Component: m.LoginScreen })),
  forgot: () => import('../features/auth/screens/ForgotPasswordScreen.tsx').then((m) => ({ Component: m.ForgotPasswordScreen })),
  reset: () => import('../features/auth/screens/ResetPasswordScreen.tsx').then((m) => ({ Component: m.ResetPasswordScreen })),
  register: () => import('../features/auth/screens/RegisterScreen.tsx').then((m) => ({ Component: m.RegisterScreen })),
  home: () => import('../features/home/screens/HomeScreen.tsx').then((m) => ({ Component: m.HomeScreen })),
  profile: () => import('../features/account/screens/ProfileScreen.tsx').then((m) => ({ Component: m.ProfileScreen })),
  user: () => import('../features/account/screens/UserScreen.tsx').then((m) => ({ Component: m.UserScreen })),
  verifyEmail: () => import('../features/account/screens/VerifyEmailScreen.tsx').then((m) => ({ Component: m.VerifyEmailScreen })),
  verifyFailure: () => import('../features/account/screens/VerifyEmailFailureScreen.tsx').then((m) => ({ Component: m.VerifyEmailFailureScreen })),
  verifySuccess: () => import('../features/account/screens/VerifyEmailSuccessScreen.tsx').then((m) => ({ Component: m.VerifyEmailSuccessScreen })),
  language: () => import('../features/account/screens/LanguageScreen.tsx').then((m) => ({ Component: m.LanguageScreen })),
  maintenance: () => import('../features/system/screens/MaintenanceScreen.tsx').then((m) => ({ Component: m.MaintenanceScreen })),
  paymentMethods: () => import('../features/wallet/screens/PaymentMethodsScreen.tsx').then((m) => ({ Component: m.PaymentMethodsScreen })),
  paymentMethod: () => import('../features/wallet/screens/PaymentMethodScreen.tsx').then((m) => ({ Component: m.PaymentMethodScreen })),
  agreement: () => import('../features/wallet/screens/AgreementScreen.tsx').then((m) => ({ Component: m.AgreementScreen })),
  ownCardCreate: () => import('../features/wallet/screens/OwnCardCreateScreen.tsx').then((m) => ({ Component: m.OwnCardCreateScreen })),
  ownCardAdd: () => import('../features/wallet/screens/OwnCardAddScreen.tsx').then((m) => ({ Component: m.OwnCardAddScreen })),
  ownCardComplete: () => import('../features/wallet/screens/OwnCardCompleteScreen.tsx').then((m) => ({ Component: m.OwnCardCompleteScreen })),
  registerPayment: () => import('../features/wallet/screens/RegisterPaymentMethodScreen.tsx').then((m) => ({ Component: m.RegisterPaymentMethodScreen })),
  registerCompleted: () => import('../features/wallet/screens/RegisterCompletedScreen.tsx').then((m) => ({ Component: m.RegisterCompletedScreen })),
  receipts: withTexts('receipts', () => import('../features/receipts/screens/ReceiptsScreen.tsx').then((m) => ({ Component: m.ReceiptsScreen }))),
  receipt: withTexts('receipts', () => import('../features/receipts/screens/ReceiptScreen.tsx').then((m) => ({ Component: m.ReceiptScreen }))),
  vouchers: withTexts('vouchers', () => import('../features/vouchers/screens/VouchersScreen.tsx').then((m) => ({ Component: m.VouchersScreen }))),
  subscriptions: withTexts('subscriptions', () => import('../features/subscriptions/screens/SubscriptionsScreen.tsx').then((m) => ({ Component: m.SubscriptionsScreen }))),
  pushNotifications: withTexts('push', () => import('../features/push/screens/PushNotificationsScreen.tsx').then((m) => ({ Component: m.PushNotificationsScreen }))),
  fuelNoPayment: () => import('../features/stations/screens/NoPaymentScreen.tsx').then((m) => ({ Component: m.FuelNoPaymentScreen })),
  carwashNoPayment: () => import('../features/stations/screens/NoPaymentScreen.tsx').then((m) => ({ Component: m.CarwashNoPaymentScreen })),
  // The screen itself lives in the shell's KeepAliveHost (rule 7); the route renders nothing.
  keptAlive: () => import('./shell/KeepAliveHost.tsx').then(() => ({ Component: KeptAliveRoute })),
} satisfies Record<string, Lazy>;

function KeptAliveRoute() {
  return null;
}

function page(path: string, input: RouteHandleInput, lazy: Lazy): RouteObject {
  const handle = defineHandle(input);
  return { path, handle, loader: guardLoader(handle), lazy };
}

const auth = { isAuthRequired: true } as const;
const guest = { isGuestRequired: true } as const;
const food = { isFoodOrder: true } as const;
const homeLike = { isAuthRequired: true, isDark: true, header: false, back: false } as const;
const kept = { keepAlive: true } as const;
const p = paths;

const hashHandle = defineHandle({
  name: 'home-hash',
  title: 'route.home',
  routeIndex: 10,
  ...homeLike,
});
const noNetworkHandle = defineHandle({
  name: 'no-network',
  title: 'route.noNetwork',
  routeIndex: 0,
  header: false,
  back: false,
});

/**
 * The one route table: every route of spec §2, one per line, in the spec's order. Paths come
 * from the registry (lib/paths.ts), titles are i18n keys (route.*).
 */
// prettier-ignore
export const appRoutes: RouteObject[] = [
  // Guest routes
  page(p.start, { name: 'start', title: 'route.signIn', routeIndex: 0, header: false, back: false, ...guest }, screens.login),
  page(p.login, { name: 'login', title: 'route.signIn', routeIndex: 1, ...guest }, screens.login),
  page(p.forgotPassword, { name: 'forgot-password', title: 'route.forgotPassword', routeIndex: 2, ...guest }, screens.forgot),
  page(p.resetPassword, { name: 'reset-password', title: 'route.resetPassword', routeIndex: 3, ...guest }, screens.reset),

  // Registration
  page(p.register, { name: 'register-user', title: 'route.register', routeIndex: 2, ...guest }, screens.register),
  page(p.registerPaymentMethod, { name: 'register-payment-method', title: 'route.paymentMethod', routeIndex: 3, ...auth }, screens.registerPayment),
  page(p.registerAgreement, { name: 'register-payment-agreement', title: 'route.agreementCreate', routeIndex: 4, ...auth }, screens.agreement),
  page(p.registerOwnCardCreate, { name: 'register-own-card-create', title: 'route.ownCardCreate', routeIndex: 4, ...auth }, screens.ownCardCreate),
  page(p.registerOwnCardAdd, { name: 'register-own-card-add', title: 'route.ownCardAdd', routeIndex: 4, ...auth }, screens.ownCardAdd),
  page(p.registerCompleted, { name: 'register-completed', title: 'route.registerCompleted', routeIndex: 5, back: false, ...auth }, screens.registerCompleted),

  // Car wash
  page(p.carwashNoPayment, { name: 'carwash-no-payment', title: 'route.noPayment', routeIndex: 12, ...auth }, screens.carwashNoPayment),
  page(p.carwashStations, { name: 'carwash-stations', title: 'route.carwash', routeIndex: 11, ...auth, ...kept }, screens.keptAlive),
  page(p.carwashStation.pattern, { name: 'carwash-station', title: 'route.carwashStation', routeIndex: 12, ...auth }, flow('carwash', 'carwashStation')),
  page(p.carwashProducts.pattern, { name: 'carwash-products', title: 'route.carwashProducts', routeIndex: 13, ...auth }, flow('carwash', 'carwashProducts')),
  page(p.carwashChecklist.pattern, { name: 'carwash-checklist', title: 'route.carwashChecklist', routeIndex: 14, ...auth }, flow('carwash', 'checklist')),
  page(p.carwashWash.pattern, { name: 'carwash-wash', title: 'route.carwash', routeIndex: 15, back: false, ...auth }, flow('carwash', 'wash')),

  // Charging
  page(p.chargingInstallations, { name: 'charging-installations', title: 'route.charging', routeIndex: 11, ...auth }, flow('charging', 'chargingInstallations')),
  page(p.chargingInstallation.pattern, { name: 'charging-installation', title: 'route.chargingStation', routeIndex: 12, ...auth }, flow('charging', 'chargingInstallation')),
  page(p.chargingCharge.pattern, { name: 'charging-charge', title: 'route.charge', routeIndex: 13, ...auth }, flow('charging', 'charge')),
  page(p.chargingUnavailable.pattern, { name: 'charging-unavailable', title: 'route.chargerUnavailable', routeIndex: 14, ...auth }, flow('charging', 'chargingUnavailable')),
  // Home opens first, then the installation (HomeScreen follows the link).
  page(p.chargingDeepLink.pattern, { name: 'charging-deep-link', title: 'route.home', routeIndex: 10, ...homeLike }, screens.home),

  // Food order
  page(p.foodOrder, { name: 'food-order', title: 'route.foodOrder', routeIndex: 11, ...food }, flow('food', 'foodStart')),
  page(p.foodStations, { name: 'food-stations', title: 'route.chooseStation', routeIndex: 12, ...food, ...kept }, screens.keptAlive),
  page(p.foodStation.pattern, { name: 'food-station', title: 'route.menu', routeIndex: 13, ...food }, flow('food', 'foodMenu')),
  page(p.foodCart.pattern, { name: 'food-station-cart', title: 'route.cart', routeIndex: 14, ...food }, flow('food', 'foodCart')),
  page(p.foodCheckout.pattern, { name: 'food-station-checkout', title: 'route.checkout', routeIndex: 15, ...food }, flow('food', 'foodCheckout')),
  page(p.foodOrderPlaced, { name: 'food-station-order', title: 'route.order', routeIndex: 16, ...food }, flow('food', 'foodOrder')),

  // Fuel
  page(p.fuelNoPayment, { name: 'fuel-no-payment', title: 'route.noPayment', routeIndex: 12, ...auth }, screens.fuelNoPayment),
  page(p.fuelStations, { name: 'fuel-stations', title: 'route.fuel', routeIndex: 11, ...auth, ...kept }, screens.keptAlive),
  page(p.fuelStation.pattern, { name: 'fuel-station', title: 'route.choosePump', routeIndex: 12, ...auth }, flow('fuel', 'pumps')),
  page(p.fuelType.pattern, { name: 'fuel-type', title: 'route.chooseFuel', routeIndex: 13, ...auth }, flow('fuel', 'fuelType')),
  page(p.fuelFill.pattern, { name: 'fuel-fill', title: 'route.refuelling', routeIndex: 14, ...auth }, flow('fuel', 'fill')),
  page(p.fuelDeepLink.pattern, { name: 'fuel-deep-link', title: 'route.home', routeIndex: 10, ...homeLike }, screens.home),

  // Profile
  page(p.profile, { name: 'profile', title: 'route.profile', routeIndex: 11, ...auth }, screens.profile),
  page(p.profileUser, { name: 'profile-user', title: 'route.profileUser', routeIndex: 12, ...auth }, screens.user),
  page(p.verifyEmailFailure, { name: 'verify-email-failure', title: 'route.verifyEmailFailure', routeIndex: 14, ...auth }, screens.verifyFailure),
  page(p.verifyEmailSuccess, { name: 'verify-email-success', title: 'route.verifyEmailSuccess', routeIndex: 14, back: false, ...guest }, screens.verifySuccess),
  page(p.verifyEmail.pattern, { name: 'verify-email', title: 'route.verifyEmail', routeIndex: 13, ...auth }, screens.verifyEmail),
  page(p.paymentMethods, { name: 'payment-methods', title: 'route.paymentMethods', routeIndex: 12, ...auth }, screens.paymentMethods),
  page(p.paymentAgreement, { name: 'payment-agreement', title: 'route.agreementCreate', routeIndex: 13, ...auth }, screens.agreement),
  page(p.ownCardCreate, { name: 'own-card-create', title: 'route.ownCardCreate', routeIndex: 13, ...auth }, screens.ownCardCreate),
  page(p.ownCardAdd, { name: 'own-card-add', title: 'route.ownCardAdd', routeIndex: 13, ...auth }, screens.ownCardAdd),
  page(p.ownCardCreateComplete, { name: 'own-card-create-complete', title: 'route.ownCardCreated', routeIndex: 14, ...auth }, screens.ownCardComplete),
  page(p.ownCardAddComplete, { name: 'own-card-add-complete', title: 'route.ownCardAdded', routeIndex: 14, ...auth }, screens.ownCardComplete),
  page(p.paymentMethod.pattern, { name: 'payment-method', title: 'route.paymentMethod', routeIndex: 13, ...auth }, screens.paymentMethod),
  page(p.receipts, { name: 'receipts', title: 'route.receipts', routeIndex: 12, ...auth }, screens.receipts),
  page(p.receipt.pattern, { name: 'receipt', title: 'route.receipt', routeIndex: 13, ...auth }, screens.receipt),
  page(p.vouchers, { name: 'vouchers', title: 'route.vouchers', routeIndex: 12, ...auth }, screens.vouchers),
  page(p.subscriptions, { name: 'subscriptions', title: 'route.subscriptions', routeIndex: 12, ...auth }, screens.subscriptions),
  page(p.installations, { name: 'installations', title: 'route.installations', routeIndex: 12, ...auth }, mine('myInstallations')),
  page(p.installation.pattern, { name: 'installation', title: 'route.chargingStation', routeIndex: 13, ...auth }, mine('myInstallation')),
  page(p.installationCharges.pattern, { name: 'installation-charges', title: 'route.charges', routeIndex: 14, ...auth }, mine('myInstallationCharges')),
  page(p.installationShare.pattern, { name: 'installation-share', title: 'route.installationShare', routeIndex: 14, ...auth }, mine('myInstallationShare')),
  page(p.installationShareUser.pattern, { name: 'installation-share-user', title: 'route.installationShareUser', routeIndex: 15, ...auth }, mine('myInstallationShareUser')),
  page(p.profileAgreement, { name: 'profile-agreement', title: 'route.agreement', routeIndex: 12, ...auth }, screens.agreement),
  page(p.pushNotifications, { name: 'push-notifications', title: 'route.pushNotifications', routeIndex: 12, ...auth }, screens.pushNotifications),
  page(p.language, { name: 'language', title: 'route.language', routeIndex: 12, ...auth }, screens.language),

  // Other routes
  page(p.home, { name: 'home', title: 'route.home', routeIndex: 10, ...homeLike }, screens.home),
  page(p.stations, { name: 'stations', title: 'route.stations', routeIndex: 11, ...kept }, screens.keptAlive),
  page(p.maintenance, { name: 'maintenance', title: 'route.maintenance', routeIndex: 0, header: false, back: false }, screens.maintenance),
  // Bundled, not lazy: it has to render when nothing more can be fetched.
  { path: p.noNetwork, handle: noNetworkHandle, loader: guardLoader(noNetworkHandle), Component: NoNetworkScreen },
  { path: p.homeHash.pattern, handle: hashHandle, loader: hashLoader(hashHandle), lazy: () => screens.home().then((m) => ({ Component: withHashCheck(m.Component) })) },
  { path: p.notFound, handle: notFoundHandle, loader: guardLoader(notFoundHandle), Component: NotFoundScreen },
];

if (import.meta.env.DEV) {
  void import('../lib/route-meta-schema.ts').then((m) => m.assertRouteHandles(appRoutes));
}

/** Routes whose first paint is budgeted (and the screens the shell needs offline) stay outside. */
const OUTSIDE_QUERY_LAYOUT = new Set<string>([
  paths.start,
  paths.login,
  paths.noNetwork,
  paths.notFound,
]);

export const rootRoute: RouteObject = {
  id: 'root',
  Component: Shell,
  HydrateFallback: Splash,
  ErrorBoundary: RootError,
  children: [
    ...appRoutes.filter((r) => OUTSIDE_QUERY_LAYOUT.has(r.path ?? '')),
    {
      id: 'query-layout',
      // The texts of every screen past the guest ones load with the layout, before any renders.
      lazy: () =>
        Promise.all([import('./QueryLayout.tsx'), loadTexts('app')]).then(([m]) => ({
          Component: m.QueryLayout,
        })),
      children: appRoutes.filter((r) => !OUTSIDE_QUERY_LAYOUT.has(r.path ?? '')),
    },
  ],
};
