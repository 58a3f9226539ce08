import type { ComponentType } from 'react';

type Screen = Promise<{ Component: ComponentType }>;

// prettier-ignore
/**
 * The screens of the station flows: fuel, car wash, charging (with the owner's "My charging
 * stations"), and food. The route table and the start-up reach them through this
 * module, so the first paint carries one small loader for them all, and each screen keeps its
 * own chunk. The fuel, car-wash and charging texts load beside them (`flow` in app/routes.ts).
 */
export const flowScreens = {
  pumps: () => import('../features/fuel/screens/PumpScreen.tsx').then((m) => ({ Component: m.PumpScreen })),
  fuelType: () => import('../features/fuel/screens/FuelTypeScreen.tsx').then((m) => ({ Component: m.FuelTypeScreen })),
  fill: () => import('../features/fuel/screens/FillScreen.tsx').then((m) => ({ Component: m.FillScreen })),
  carwashStation: () => import('../features/carwash/screens/CarwashStationScreen.tsx').then((m) => ({ Component: m.CarwashStationScreen })),
  carwashProducts: () => import('../features/carwash/screens/ProductsScreen.tsx').then((m) => ({ Component: m.ProductsScreen })),
  checklist: () => import('../features/carwash/screens/ChecklistScreen.tsx').then((m) => ({ Component: m.ChecklistScreen })),
  wash: () => import('../features/carwash/screens/WashScreen.tsx').then((m) => ({ Component: m.WashScreen })),
  foodStart: () => import('../features/food/screens/FoodStartScreen.tsx').then((m) => ({ Component: m.FoodStartScreen })),
  foodMenu: () => import('../features/food/screens/MenuScreen.tsx').then((m) => ({ Component: m.MenuScreen })),
  foodCart: () => import('../features/food/screens/CartScreen.tsx').then((m) => ({ Component: m.CartScreen })),
  foodCheckout: () => import('../features/food/screens/CheckoutScreen.tsx').then((m) => ({ Component: m.CheckoutScreen })),
  foodOrder: () => import('../features/food/screens/OrderScreen.tsx').then((m) => ({ Component: m.OrderScreen })),
  chargingInstallations: () => import('../features/charging/screens/InstallationsScreen.tsx').then((m) => ({ Component: m.InstallationsScreen })),
  chargingInstallation: () => import('../features/charging/screens/InstallationScreen.tsx').then((m) => ({ Component: m.InstallationScreen })),
  charge: () => import('../features/charging/screens/ChargeScreen.tsx').then((m) => ({ Component: m.ChargeScreen })),
  chargingUnavailable: () => import('../features/charging/screens/UnavailableScreen.tsx').then((m) => ({ Component: m.UnavailableScreen })),
  // "My charging stations" (/profile/installations…): charging's own, seen from the owner's side.
  myInstallations: () => import('../features/installations/screens/InstallationsScreen.tsx').then((m) => ({ Component: m.InstallationsScreen })),
  myInstallation: () => import('../features/installations/screens/InstallationScreen.tsx').then((m) => ({ Component: m.InstallationScreen })),
  myInstallationCharges: () => import('../features/installations/screens/InstallationChargesScreen.tsx').then((m) => ({ Component: m.InstallationChargesScreen })),
  myInstallationShare: () => import('../features/installations/screens/ShareScreen.tsx').then((m) => ({ Component: m.ShareScreen })),
  myInstallationShareUser: () => import('../features/installations/screens/ShareUserScreen.tsx').then((m) => ({ Component: m.ShareUserScreen })),
} satisfies Record<string, () => Screen>;

export type FlowScreen = keyof typeof flowScreens;

/**
 * Spec §4 "Resuming a transaction", at start when signed in (app/startup.ts). A resume that
 * fails leaves the app opening where it was going; the home banner still shows the way back.
 */
export async function resumeTransaction(): Promise<void> {
  try {
    await (await import('../lib/resume.ts')).resumeStationTransaction();
  } catch {
    // Nothing to undo: the device values stay for the next start.
  }
}

/**
 * Spec §4 Startup, signed in: "check for an active charge". The active charge (or the one the
 * device kept) is put where home's banner and the charge screen read it; it is applied after
 * `after` (the transaction's resume), so both leave the maintenance flag right. A check that
 * fails leaves the device's charge id for the next start.
 */
export async function resumeCharge(after: Promise<unknown> = Promise.resolve()): Promise<void> {
  try {
    await (await import('../lib/charge-resume.ts')).resumeCharge(after);
  } catch {
    // Nothing to undo: home asks for the active charge itself.
  }
}

/** Both resumes of the start-up, side by side: a refuelling or wash, and a charge. */
export async function resumeAtStart(): Promise<void> {
  const transaction = resumeTransaction();
  await Promise.all([transaction, resumeCharge(transaction)]);
}
