import {
  appPlatforms,
  compareVersions,
  type AppPlatform,
  type AppVersionAdmin,
  type AppVersionSetting,
  type MaintenanceAdmin,
  type MaintenanceSettingInput,
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

/** The switch as kept in `settings`; an older row held `{maintenance, message}`. */
interface MaintenanceSetting {
  enabled: boolean;
  message: { fo: string; en: string } | null;
  from: string | null;
  until: string | null;
}

interface StoredSetting {
  enabled?: boolean;
  maintenance?: boolean;
  message?: unknown;
  from?: string | null;
  until?: string | null;
}

const isNotice = (value: unknown): value is { fo: string; en: string } =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { fo?: unknown }).fo === 'string' &&
  typeof (value as { en?: unknown }).en === 'string';

function settingOf(stored: unknown, config: Config): MaintenanceSetting {
  if (stored === undefined || stored === null) {
    const text = config.MAINTENANCE_MESSAGE;
    return {
      enabled: config.MAINTENANCE,
      message: text ? { fo: text, en: text } : null,
      from: null,
      until: null,
    };
  }
  const row: StoredSetting = stored;
  const message =
    typeof row.message === 'string'
      ? { fo: row.message, en: row.message }
      : isNotice(row.message)
        ? row.message
        : null;
  return {
    enabled: row.enabled ?? row.maintenance ?? false,
    message,
    from: row.from ?? null,
    until: row.until ?? null,
  };
}

const holdsAt = (setting: MaintenanceSetting, now: Date) =>
  setting.enabled &&
  (!setting.from || new Date(setting.from) <= now) &&
  (!setting.until || now < new Date(setting.until));

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

async function maintenanceSetting(ctx: ServiceContext) {
  const stored = await cachedSwitch(ctx, MAINTENANCE_KEY, () =>
    repo.getSetting(ctx.db, MAINTENANCE_KEY),
  );
  return settingOf(stored, ctx.config);
}

/**
 * Whether the apps show the maintenance screen now, with the notice in the caller's language.
 * The database's switch wins over the environment's, so an operator can flip it live.
 */
export async function maintenanceStatus(
  ctx: ServiceContext,
  locale: 'fo' | 'en' = 'fo',
): Promise<MaintenanceResponse> {
  const setting = await maintenanceSetting(ctx);
  const maintenance = holdsAt(setting, ctx.clock.now());
  const message = setting.message?.[locale];
  return maintenance && message ? { maintenance, message } : { maintenance };
}

/** The switch as the operator sees and sets it. */
export async function maintenanceAdmin(ctx: ServiceContext): Promise<MaintenanceAdmin> {
  const setting = await maintenanceSetting(ctx);
  return { ...setting, active: holdsAt(setting, ctx.clock.now()) };
}

export async function setMaintenance(ctx: ServiceContext, input: MaintenanceSettingInput) {
  const setting: MaintenanceSetting = {
    enabled: input.enabled,
    message: input.message ?? null,
    from: input.from ? new Date(input.from).toISOString() : null,
    until: input.until ? new Date(input.until).toISOString() : null,
  };
  await repo.putSetting(ctx.db, MAINTENANCE_KEY, setting);
  forgetSwitches(ctx);
  return maintenanceAdmin(ctx);
}

/** Each platform's versions: the operator's where set, else the environment's. */
export async function appVersionsAdmin(ctx: ServiceContext): Promise<AppVersionAdmin[]> {
  return Promise.all(
    appPlatforms.map(async (platform) => {
      const defaults = platformDefaults(ctx.config, platform);
      const row = await repo.findAppVersion(ctx.db, platform);
      return {
        platform,
        minimum: row?.minVersion ?? defaults.minVersion,
        latest: row?.latestVersion ?? null,
        locked: row?.locked ?? ctx.config.UPDATE_LOCKED,
        storeUrl: row ? row.storeUrl : defaults.storeUrl,
        fromEnvironment: !row,
      };
    }),
  );
}

export async function setAppVersionAdmin(ctx: ServiceContext, input: AppVersionSetting) {
  const current = (await appVersionsAdmin(ctx)).find((v) => v.platform === input.platform);
  await setAppVersion(ctx, {
    platform: input.platform,
    minVersion: input.minimum,
    latestVersion: input.latest === undefined ? (current?.latest ?? null) : input.latest,
    locked: input.locked ?? current?.locked ?? false,
    storeUrl: input.storeUrl === undefined ? (current?.storeUrl ?? null) : input.storeUrl,
  });
  return appVersionsAdmin(ctx);
}

function platformDefaults(config: Config, platform: AppPlatform) {
  return {
    ios: { minVersion: config.MIN_VERSION_IOS, storeUrl: config.STORE_URL_IOS },
    android: { minVersion: config.MIN_VERSION_ANDROID, storeUrl: config.STORE_URL_ANDROID },
    web: { minVersion: config.MIN_VERSION_WEB, storeUrl: null },
  }[platform];
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
  const defaults = platformDefaults(config, platform);
  const row = await cachedSwitch(ctx, `app-version:${platform}`, () =>
    repo.findAppVersion(ctx.db, platform),
  );
  const minVersion = row?.minVersion ?? defaults.minVersion;
  const latest = row?.latestVersion;
  return {
    updateRequired: compareVersions(version, minVersion) < 0,
    locked: row?.locked ?? config.UPDATE_LOCKED,
    storeUrl: row?.storeUrl ?? defaults.storeUrl,
    ...(latest ? { updateAvailable: compareVersions(version, latest) < 0 } : {}),
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
