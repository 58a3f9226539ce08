import { beverageListSchema } from '@stod/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PRODUCT_SLUG } from '../../../config.ts';
import { apiRequest, unwrap } from '../../../lib/api-client.ts';

/** GET /api/stations/{product}-beverages: the beverages sold at stations. */
export function getBeverages(signal?: AbortSignal) {
  return apiRequest(`/stations/${PRODUCT_SLUG}-beverages`, {
    schema: beverageListSchema,
    ...(signal ? { signal } : {}),
  });
}

export const beveragesQueryOptions = () =>
  queryOptions({
    queryKey: ['stations', 'beverages'],
    queryFn: ({ signal }) => unwrap(getBeverages(signal)),
    staleTime: 0,
    retry: false,
  });

export function useBeverages() {
  return useQuery(beveragesQueryOptions());
}
