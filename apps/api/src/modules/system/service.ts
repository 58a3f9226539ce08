import {
  compareVersions,
  type AppPlatform,
  type AppVersionResponse,
  type Company,
  type MaintenanceResponse,
} from '@stod/domain';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import * as repo from './repo.ts';

const MAINTENANCE_KEY = 'maintenance';

interface MaintenanceSetting {
  maintenance: boolean;
  message?: string | undefined;
}

/** The database's switch wins over the environment's, so an operator can flip it live. */
export async function maintenanceStatus(app: FastifyInstance): Promise<MaintenanceResponse> {
  const stored = (await repo.getSetting(app.db, MAINTENANCE_KEY)) as MaintenanceSetting | undefined;
  const maintenance = stored?.maintenance ?? app.config.MAINTENANCE;
  const message = stored ? stored.message : app.config.MAINTENANCE_MESSAGE;
  return maintenance && message ? { maintenance, message } : { maintenance };
}

export function setMaintenance(app: FastifyInstance, value: MaintenanceSetting) {
  return repo.putSetting(app.db, MAINTENANCE_KEY, value);
}

export async function checkAppVersion(
  app: FastifyInstance,
  platform: AppPlatform,
  version: string,
): Promise<AppVersionResponse> {
  const { config } = app;
  const defaults = {
    ios: { minVersion: config.MIN_VERSION_IOS, storeUrl: config.STORE_URL_IOS },
    android: { minVersion: config.MIN_VERSION_ANDROID, storeUrl: config.STORE_URL_ANDROID },
    web: { minVersion: config.MIN_VERSION_WEB, storeUrl: null },
  }[platform];
  const row = await repo.findAppVersion(app.db, platform);
  const minVersion = row?.minVersion ?? defaults.minVersion;
  return {
    updateRequired: compareVersions(version, minVersion) < 0,
    locked: row?.locked ?? config.UPDATE_LOCKED,
    storeUrl: row?.storeUrl ?? defaults.storeUrl,
  };
}

/** The company behind the app, from configuration: receipts (PDF and screen) show it. */
export function companyOf(config: Config): Company {
  return {
    name: config.BRAND_NAME,
    legalName: config.BRAND_LEGAL_NAME,
    address: config.BRAND_ADDRESS,
    phone: config.BRAND_PHONE,
    email: config.BRAND_EMAIL,
    vatNumber: config.BRAND_VAT_NUMBER,
  };
}
