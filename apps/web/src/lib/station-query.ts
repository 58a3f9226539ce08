import {
  productColorListSchema,
  stationSchema,
  type Locale,
  type StationProduct,
  type StationService,
} from '@stod/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { BRAND, PRODUCT_SLUG } from '../config.ts';
import { useLocale } from '../i18n/index.ts';
import { ApiRequestError, apiRequest, unwrap } from './api-client.ts';

/**
 * One station and the product colours, as the fuel and car-wash flows read them. The keys are
 * the station list's own, so a station opened from the list shows at once.
 */

/** GET /api/stations/{product}/{id}: one station with its products in the request's language. */
export function getStationById(id: string, signal?: AbortSignal) {
  return apiRequest(`/stations/${PRODUCT_SLUG}/${encodeURIComponent(id)}`, {
    schema: stationSchema,
    ...(signal ? { signal } : {}),
  });
}

export const stationByIdQueryOptions = (id: string, locale: Locale) =>
  queryOptions({
    queryKey: ['stations', 'one', id, locale],
    queryFn: ({ signal }) => unwrap(getStationById(id, signal)),
    retry: false,
  });

export function useStationById(id: string) {
  return useQuery(stationByIdQueryOptions(id, useLocale()));
}

/** An unknown or malformed station id: the screens say the station does not exist. */
export function isUnknownStation(error: unknown): boolean {
  return error instanceof ApiRequestError && [400, 404].includes(error.apiError.statusCode);
}

/** GET /api/stations/{product}-product-colors: colours by product and service code. */
export function getProductColorList(signal?: AbortSignal) {
  return apiRequest(`/stations/${PRODUCT_SLUG}-product-colors`, {
    schema: productColorListSchema,
    ...(signal ? { signal } : {}),
  });
}

export function useProductColorList() {
  return useQuery(
    queryOptions({
      queryKey: ['stations', 'product-colors'],
      queryFn: ({ signal }) => unwrap(getProductColorList(signal)),
      retry: false,
    }),
  );
}

/** A product's colour (or its service's), a plain hex colour; the brand's when there is none. */
export function productColor(
  code: string,
  service: StationService,
  colors: readonly { code: string; color: string }[] | undefined,
): string {
  const found =
    colors?.find((c) => c.code === code)?.color ?? colors?.find((c) => c.code === service)?.color;
  return found && /^#[0-9a-f]{3,8}$/i.test(found) ? found : BRAND.colors.primary;
}

/** A wash programme's length in seconds; null when the station does not say. */
export function durationOf(product: StationProduct): number | null {
  return product.durationSeconds !== null && product.durationSeconds > 0
    ? product.durationSeconds
    : null;
}
