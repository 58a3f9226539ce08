import { productColorListSchema } from '@stod/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PRODUCT_SLUG } from '../../../config.ts';
import { apiRequest, unwrap } from '../../../lib/api-client.ts';

/** GET /api/stations/{product}-product-colors: colours by product and service code. */
export function getProductColors(signal?: AbortSignal) {
  return apiRequest(`/stations/${PRODUCT_SLUG}-product-colors`, {
    schema: productColorListSchema,
    ...(signal ? { signal } : {}),
  });
}

export const productColorsQueryOptions = () =>
  queryOptions({
    queryKey: ['stations', 'product-colors'],
    queryFn: ({ signal }) => unwrap(getProductColors(signal)),
    staleTime: 0,
    retry: false,
  });

export function useProductColors() {
  return useQuery(productColorsQueryOptions());
}
