import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { OWN_CARD_SLUG } from '../config.ts';
import { NoNetworkScreen } from '../features/system/screens/NoNetworkScreen.tsx';
import { NotFoundScreen } from '../features/system/screens/NotFoundScreen.tsx';
import { loadTexts, type TextBundle } from '../i18n/index.ts';
import { defineHandle, notFoundHandle, type RouteHandleInput } from '../lib/route-meta.ts';
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
  later: () => import('../features/system/screens/NotYetAvailableScreen.tsx').then((m) => ({ Component: m.NotYetAvailableScreen })),
  stationFlow: () => import('../features/stations/screens/StationFlowScreen.tsx').then((m) => ({ Component: m.StationFlowScreen })),
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

const t = (fo: string, en: string) => ({ fo, en });
const auth = { isAuthRequired: true } as const;
const guest = { isGuestRequired: true } as const;
const food = { isFoodOrder: true } as const;
const homeLike = { isAuthRequired: true, isDark: true, header: false, back: false } as const;
const kept = { keepAlive: true } as const;
const card = OWN_CARD_SLUG;

const hashHandle = defineHandle({
  name: 'home-hash',
  title: t('Heim', 'Home'),
  routeIndex: 10,
  ...homeLike,
});
const noNetworkHandle = defineHandle({
  name: 'no-network',
  title: t('Einki samband', 'No connection'),
  routeIndex: 0,
  header: false,
  back: false,
});

/** The one route table: every route of spec §2, one per line, in the spec's order. */
// prettier-ignore
export const appRoutes: RouteObject[] = [
  // Guest routes
  page('/', { name: 'start', title: t('Rita inn', 'Sign in'), routeIndex: 0, header: false, back: false, ...guest }, screens.login),
  page('/login', { name: 'login', title: t('Rita inn', 'Sign in'), routeIndex: 1, ...guest }, screens.login),
  page('/forgot-password', { name: 'forgot-password', title: t('Gloymt loyniorð', 'Forgotten password'), routeIndex: 2, ...guest }, screens.forgot),
  page('/reset-password', { name: 'reset-password', title: t('Nýtt loyniorð', 'New password'), routeIndex: 3, ...guest }, screens.reset),

  // Registration
  page('/register-user', { name: 'register-user', title: t('Stovna brúkara', 'Create account'), routeIndex: 2, ...guest }, screens.register),
  page('/register-user/payment-method', { name: 'register-payment-method', title: t('Gjaldháttur', 'Payment method'), routeIndex: 3, ...auth }, screens.registerPayment),
  page('/register-user/payment-method/agreement', { name: 'register-payment-agreement', title: t('Stovna gjaldsavtalu', 'Create payment agreement'), routeIndex: 4, ...auth }, screens.agreement),
  page(`/register-user/payment-methods/${card}/create`, { name: 'register-own-card-create', title: t('Stovna Støðkort', 'Create a Støð card'), routeIndex: 4, ...auth }, screens.ownCardCreate),
  page(`/register-user/payment-methods/${card}/add`, { name: 'register-own-card-add', title: t('Legg Støðkort afturat', 'Add a Støð card'), routeIndex: 4, ...auth }, screens.ownCardAdd),
  page('/register-user/completed', { name: 'register-completed', title: t('Brúkarin er klárur', 'Account ready'), routeIndex: 5, back: false, ...auth }, screens.registerCompleted),

  // Car wash
  page('/carwash/stations/no-payment', { name: 'carwash-no-payment', title: t('Ongin gjaldháttur', 'No payment method'), routeIndex: 12, ...auth }, screens.carwashNoPayment),
  page('/carwash/stations', { name: 'carwash-stations', title: t('Bilvask', 'Car wash'), routeIndex: 11, ...auth, ...kept }, screens.keptAlive),
  page('/carwash/stations/:id', { name: 'carwash-station', title: t('Vaskistøð', 'Car wash station'), routeIndex: 12, ...auth }, screens.stationFlow),
  page('/carwash/stations/:id/products', { name: 'carwash-products', title: t('Vel vask', 'Choose a wash'), routeIndex: 13, ...auth }, screens.later),
  page('/carwash/stations/:id/checklist', { name: 'carwash-checklist', title: t('Áðrenn tú vaskar', 'Before you wash'), routeIndex: 14, ...auth }, screens.later),
  page('/carwash/stations/:id/wash', { name: 'carwash-wash', title: t('Bilvask', 'Car wash'), routeIndex: 15, back: false, ...auth }, screens.later),

  // Charging
  page('/charging/installations', { name: 'charging-installations', title: t('Lading', 'Charging'), routeIndex: 11, ...auth }, screens.later),
  page('/charging/installations/:id', { name: 'charging-installation', title: t('Ladistøð', 'Charging station'), routeIndex: 12, ...auth }, screens.later),
  page('/charging/installations/:id/charge', { name: 'charging-charge', title: t('Lada', 'Charge'), routeIndex: 13, ...auth }, screens.later),
  page('/charging/installations/:id/unavailable', { name: 'charging-unavailable', title: t('Ladarin er ikki tøkur', 'Charger unavailable'), routeIndex: 14, ...auth }, screens.later),
  page('/charging/:installationId', { name: 'charging-deep-link', title: t('Heim', 'Home'), routeIndex: 10, ...homeLike }, screens.home),

  // Food order
  page('/food-order', { name: 'food-order', title: t('Bílegg mat', 'Order food'), routeIndex: 11, ...food }, screens.later),
  page('/food-order/stations', { name: 'food-stations', title: t('Vel støð', 'Choose a station'), routeIndex: 12, ...food, ...kept }, screens.keptAlive),
  page('/food-order/stations/:id', { name: 'food-station', title: t('Matseðil', 'Menu'), routeIndex: 13, ...food }, screens.stationFlow),
  page('/food-order/:id/cart', { name: 'food-station-cart', title: t('Kurvur', 'Cart'), routeIndex: 14, ...food }, screens.later),
  page('/food-order/:id/checkout', { name: 'food-station-checkout', title: t('Gjald', 'Checkout'), routeIndex: 15, ...food }, screens.later),
  page('/food-order/order', { name: 'food-station-order', title: t('Bílegging', 'Order'), routeIndex: 16, ...food }, screens.later),

  // Fuel
  page('/fuel/stations/no-payment', { name: 'fuel-no-payment', title: t('Ongin gjaldháttur', 'No payment method'), routeIndex: 12, ...auth }, screens.fuelNoPayment),
  page('/fuel/stations', { name: 'fuel-stations', title: t('Tanka', 'Refuel'), routeIndex: 11, ...auth, ...kept }, screens.keptAlive),
  page('/fuel/stations/:id', { name: 'fuel-station', title: t('Vel pumpu', 'Choose a pump'), routeIndex: 12, ...auth }, screens.stationFlow),
  page('/fuel/stations/:id/type', { name: 'fuel-type', title: t('Vel brennievni', 'Choose fuel'), routeIndex: 13, ...auth }, screens.later),
  page('/fuel/stations/:id/fill', { name: 'fuel-fill', title: t('Tanka', 'Refuelling'), routeIndex: 14, ...auth }, screens.later),
  page('/fuel/:stationId/:pumpNumber', { name: 'fuel-deep-link', title: t('Heim', 'Home'), routeIndex: 10, ...homeLike }, screens.home),

  // Profile
  page('/profile', { name: 'profile', title: t('Vangi', 'Profile'), routeIndex: 11, ...auth }, screens.profile),
  page('/profile/user', { name: 'profile-user', title: t('Mínar upplýsingar', 'My details'), routeIndex: 12, ...auth }, screens.user),
  page('/profile/user/verify-email/failure', { name: 'verify-email-failure', title: t('Váttan miseydnaðist', 'Verification failed'), routeIndex: 14, ...auth }, screens.verifyFailure),
  page('/profile/user/verify-email/success', { name: 'verify-email-success', title: t('Teldubústaður váttaður', 'Email verified'), routeIndex: 14, back: false, ...guest }, screens.verifySuccess),
  page('/profile/user/verify-email/:email', { name: 'verify-email', title: t('Vátta teldubústað', 'Verify email'), routeIndex: 13, ...auth }, screens.verifyEmail),
  page('/profile/payment-methods', { name: 'payment-methods', title: t('Gjaldhættir', 'Payment methods'), routeIndex: 12, ...auth }, screens.paymentMethods),
  page('/profile/payment-methods/agreement', { name: 'payment-agreement', title: t('Stovna gjaldsavtalu', 'Create payment agreement'), routeIndex: 13, ...auth }, screens.agreement),
  page(`/profile/payment-methods/${card}/create`, { name: 'own-card-create', title: t('Stovna Støðkort', 'Create a Støð card'), routeIndex: 13, ...auth }, screens.ownCardCreate),
  page(`/profile/payment-methods/${card}/add`, { name: 'own-card-add', title: t('Legg Støðkort afturat', 'Add a Støð card'), routeIndex: 13, ...auth }, screens.ownCardAdd),
  page(`/profile/payment-methods/${card}/create/complete`, { name: 'own-card-create-complete', title: t('Støðkort stovnað', 'Støð card created'), routeIndex: 14, ...auth }, screens.ownCardComplete),
  page(`/profile/payment-methods/${card}/add/complete`, { name: 'own-card-add-complete', title: t('Støðkort lagt afturat', 'Støð card added'), routeIndex: 14, ...auth }, screens.ownCardComplete),
  page('/profile/payment-methods/:id', { name: 'payment-method', title: t('Gjaldháttur', 'Payment method'), routeIndex: 13, ...auth }, screens.paymentMethod),
  page('/profile/receipts', { name: 'receipts', title: t('Kvittanir', 'Receipts'), routeIndex: 12, ...auth }, screens.receipts),
  page('/profile/receipts/:id', { name: 'receipt', title: t('Kvittan', 'Receipt'), routeIndex: 13, ...auth }, screens.receipt),
  page('/profile/vouchers', { name: 'vouchers', title: t('Gávukort og kupongir', 'Gift cards and vouchers'), routeIndex: 12, ...auth }, screens.vouchers),
  page('/profile/subscriptions', { name: 'subscriptions', title: t('Hald', 'Subscriptions'), routeIndex: 12, ...auth }, screens.subscriptions),
  page('/profile/installations', { name: 'installations', title: t('Mínar ladistøðir', 'My charging stations'), routeIndex: 12, ...auth }, screens.later),
  page('/profile/installations/:id', { name: 'installation', title: t('Ladistøð', 'Charging station'), routeIndex: 13, ...auth }, screens.later),
  page('/profile/installations/:id/charges', { name: 'installation-charges', title: t('Ladingar', 'Charges'), routeIndex: 14, ...auth }, screens.later),
  page('/profile/installations/:id/share', { name: 'installation-share', title: t('Deil ladistøð', 'Share charging station'), routeIndex: 14, ...auth }, screens.later),
  page('/profile/installations/:id/share/:userId', { name: 'installation-share-user', title: t('Deilt við brúkara', 'Shared with user'), routeIndex: 15, ...auth }, screens.later),
  page('/profile/agreement', { name: 'profile-agreement', title: t('Gjaldsavtala', 'Payment agreement'), routeIndex: 12, ...auth }, screens.agreement),
  page('/profile/push-notifications', { name: 'push-notifications', title: t('Fráboðanir', 'Notifications'), routeIndex: 12, ...auth }, screens.later),
  page('/profile/language', { name: 'language', title: t('Mál', 'Language'), routeIndex: 12, ...auth }, screens.language),

  // Other routes
  page('/home', { name: 'home', title: t('Heim', 'Home'), routeIndex: 10, ...homeLike }, screens.home),
  page('/stations', { name: 'stations', title: t('Støðir', 'Stations'), routeIndex: 11, ...kept }, screens.keptAlive),
  page('/maintenance', { name: 'maintenance', title: t('Viðlíkahald', 'Maintenance'), routeIndex: 0, header: false, back: false }, screens.maintenance),
  // Bundled, not lazy: it has to render when nothing more can be fetched.
  { path: '/no-network', handle: noNetworkHandle, loader: guardLoader(noNetworkHandle), Component: NoNetworkScreen },
  { path: '/:hash', handle: hashHandle, loader: hashLoader(hashHandle), lazy: () => screens.home().then((m) => ({ Component: withHashCheck(m.Component) })) },
  { path: '*', handle: notFoundHandle, loader: guardLoader(notFoundHandle), Component: NotFoundScreen },
];

if (import.meta.env.DEV) {
  void import('../lib/route-meta-schema.ts').then((m) => m.assertRouteHandles(appRoutes));
}

/** Routes whose first paint is budgeted (and the screens the shell needs offline) stay outside. */
const OUTSIDE_QUERY_LAYOUT = new Set(['/', '/login', '/no-network', '*']);

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
