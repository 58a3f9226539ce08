import type { Locale } from '@stod/domain';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { ProviderUnavailableError } from '../../integrations/provider-stations/port.ts';
import * as repo from './repo.ts';

const MAX_ID = 2_147_483_647;

/**
 * Reads a station id from a path segment: digits only. Anything that starts like
 * a number but is not one is malformed (400); any other word is an unknown name (404).
 */
export function parseStationId(segment: string): number {
  if (/^\d{1,10}$/.test(segment) && Number(segment) >= 1 && Number(segment) <= MAX_ID) {
    return Number(segment);
  }
  if (/^[-+]?\d/.test(segment)) {
    throw new AppError(400, 'VALIDATION', 'validation.form', { id: 'validation.invalid' });
  }
  throw notFound();
}

export async function getStation(ctx: ServiceContext, id: number, locale: Locale) {
  const [station] = await repo.listStations(ctx.db, locale, { id });
  if (!station) throw notFound();
  return station;
}

export async function providerStations(ctx: ServiceContext) {
  try {
    return await ctx.providerStations.list();
  } catch (error) {
    if (error instanceof ProviderUnavailableError) {
      ctx.log.warn({ err: error }, 'provider station list unavailable');
      throw new AppError(503, 'PROVIDER_UNAVAILABLE', 'error.fetchStations');
    }
    throw error;
  }
}
