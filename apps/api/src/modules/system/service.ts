import {
  compareVersions,
  type AppPlatform,
  type AppVersionResponse,
  type Company,
  type LegalPage,
  type MaintenanceResponse,
} from '@stod/domain';
import type { ServiceContext } from '../../platform/context.ts';
import type { Config } from '../../config.ts';
import { legalPath } from './legal-page.ts';
import * as repo from './repo.ts';

const MAINTENANCE_KEY = 'maintenance';

interface MaintenanceSetting {
  maintenance: boolean;
  message?: string | undefined;
}

/**
 * Every app asks for the maintenance switch and its minimum version at start and every few
 * minutes. A process reads the switches from the database at most every SWITCH_TTL_MS, and one
 * read serves all the requests that wait for it; a switch flipped through this process is seen
 * at once, one flipped on another process within SWITCH_TTL_MS.
 */
export const SWITCH_TTL_MS = 5_000;
// Keyed by the database, so the apps of one process on one database share one cache.
const switches = new WeakMap<object, Map<string, { value: Promise<unknown>; until: number }>>();

function cachedSwitch<T>(ctx: ServiceContext, key: string, load: () => Promise<T>): Promise<T> {
  let cache = switches.get(ctx.db);
  if (!cache) {
    cache = new Map();
    switches.set(ctx.db, cache);
  }
  const hit = cache.get(key);
  if (hit && hit.until > Date.now()) return hit.value as Promise<T>;
  const value = load();
  cache.set(key, { value, until: Date.now() + SWITCH_TTL_MS });
  // A failed read is not kept; a newer read that replaced it meanwhile stays.
  value.catch(() => {
    if (cache.get(key)?.value === value) cache.delete(key);
  });
  return value;
}

/** Forgets the switches this process has read, after it changed one. */
export function forgetSwitches(ctx: ServiceContext): void {
  switches.delete(ctx.db);
}

/** The database's switch wins over the environment's, so an operator can flip it live. */
export async function maintenanceStatus(ctx: ServiceContext): Promise<MaintenanceResponse> {
  const stored = (await cachedSwitch(ctx, MAINTENANCE_KEY, () =>
    repo.getSetting(ctx.db, MAINTENANCE_KEY),
  )) as MaintenanceSetting | undefined;
  const maintenance = stored?.maintenance ?? ctx.config.MAINTENANCE;
  const message = stored ? stored.message : ctx.config.MAINTENANCE_MESSAGE;
  return maintenance && message ? { maintenance, message } : { maintenance };
}

export async function setMaintenance(ctx: ServiceContext, value: MaintenanceSetting) {
  await repo.putSetting(ctx.db, MAINTENANCE_KEY, value);
  forgetSwitches(ctx);
}

export async function setAppVersion(
  ctx: ServiceContext,
  value: Parameters<typeof repo.upsertAppVersion>[1],
) {
  await repo.upsertAppVersion(ctx.db, value);
  forgetSwitches(ctx);
}

export async function checkAppVersion(
  ctx: ServiceContext,
  platform: AppPlatform,
  version: string,
): Promise<AppVersionResponse> {
  const { config } = ctx;
  const defaults = {
    ios: { minVersion: config.MIN_VERSION_IOS, storeUrl: config.STORE_URL_IOS },
    android: { minVersion: config.MIN_VERSION_ANDROID, storeUrl: config.STORE_URL_ANDROID },
    web: { minVersion: config.MIN_VERSION_WEB, storeUrl: null },
  }[platform];
  const row = await cachedSwitch(ctx, `app-version:${platform}`, () =>
    repo.findAppVersion(ctx.db, platform),
  );
  const minVersion = row?.minVersion ?? defaults.minVersion;
  return {
    updateRequired: compareVersions(version, minVersion) < 0,
    locked: row?.locked ?? config.UPDATE_LOCKED,
    storeUrl: row?.storeUrl ?? defaults.storeUrl,
  };
}

/**
 * The company behind the app, from configuration: receipts (PDF and screen) show it, and the app
 * opens its legal pages: the operator's own where configured, else the built-in ones.
 */
export function companyOf(config: Config): Company {
  const builtIn = (page: LegalPage) => `${config.publicUrl}${legalPath(page)}`;
  return {
    name: config.BRAND_NAME,
    legalName: config.BRAND_LEGAL_NAME,
    address: config.BRAND_ADDRESS,
    phone: config.BRAND_PHONE,
    email: config.BRAND_EMAIL,
    vatNumber: config.BRAND_VAT_NUMBER,
    termsUrl: config.TERMS_URL ?? builtIn('terms'),
    purchaseTermsUrl: config.PURCHASE_TERMS_URL ?? builtIn('purchase-terms'),
    privacyUrl: config.PRIVACY_URL ?? builtIn('privacy'),
  };
}
