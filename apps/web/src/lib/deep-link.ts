import { API_BASE, PRODUCT_SLUG } from '../config.ts';
import { paths } from './paths.ts';

/** The origin the app's own links use: the API's, when the native shell reaches it by URL. */
function appOrigin(): string | null {
  try {
    return new URL(API_BASE).origin;
  } catch {
    return null;
  }
}

/**
 * The in-app path of a link that opened the app: a universal link on the app's own origin
 * (`https://app.stod.example/profile/payment-methods?session=…`) or the app's scheme
 * (`stod://profile/payment-methods?session=…`). Anything else, and the API's own paths, is null.
 */
export function deepLinkPath(
  url: string,
  origin: string | null = appOrigin(),
  scheme: string = PRODUCT_SLUG,
): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const viaScheme = parsed.protocol === `${scheme}:`;
  if (!viaScheme && (origin === null || parsed.origin !== origin)) return null;
  const raw = viaScheme ? `/${parsed.host}${parsed.pathname}` : parsed.pathname;
  const path = `/${raw.split('/').filter(Boolean).join('/')}`;
  if (path === '/api' || path.startsWith('/api/')) return null;
  return `${path}${parsed.search}${parsed.hash}`;
}

/** The query parameter that carries the chosen pump to the fuel screen: `?pump=3`. */
export const PUMP_PARAM = 'pump';

/** A positive whole number written in digits only, or null. */
function positiveInt(value: string | null | undefined): number | null {
  if (!value || !/^[0-9]{1,9}$/.test(value)) return null;
  const number = Number(value);
  return number > 0 ? number : null;
}

/** The fuel screen with a pump chosen: where a pump tile and a pump's QR code both lead. */
export function fuelTypePath(stationId: string | number, pumpNumber: number): string {
  return `${paths.fuelType(stationId)}?${PUMP_PARAM}=${String(pumpNumber)}`;
}

/** The pump a fuel screen's address names, or null. */
export function pumpFromSearch(search: URLSearchParams): number | null {
  return positiveInt(search.get(PUMP_PARAM));
}

/**
 * `/fuel/{stationId}/{pumpNumber}`, the QR code on a pump: where the fuel flow opens with that
 * pump chosen, or null when the link does not name a station and a pump.
 */
export function pumpLinkTarget(stationId: string | undefined, pumpNumber: string | undefined) {
  const station = positiveInt(stationId);
  const pump = positiveInt(pumpNumber);
  return station === null || pump === null ? null : fuelTypePath(station, pump);
}
