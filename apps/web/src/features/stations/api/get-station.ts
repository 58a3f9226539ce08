import { stationSchema, type Locale } from '@stod/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PRODUCT_SLUG } from '../../../config.ts';
import { useLocale } from '../../../i18n/index.ts';
import { apiRequest, unwrap } from '../../../lib/api-client.ts';

/** GET /api/stations/{product}/{id}: one station; 404 when unknown. */
export function getStation(id: string, signal?: AbortSignal) {
  return apiRequest(`/stations/${PRODUCT_SLUG}/${encodeURIComponent(id)}`, {
    schema: stationSchema,
    ...(signal ? { signal } : {}),
  });
}

/** Its products' names come in the request's language: each language is its own answer. */
export const stationQueryOptions = (id: string, locale: Locale) =>
  queryOptions({
    queryKey: ['stations', 'one', id, locale],
    queryFn: ({ signal }) => unwrap(getStation(id, signal)),
    retry: false,
  });

export function useStation(id: string) {
  return useQuery(stationQueryOptions(id, useLocale()));
}
