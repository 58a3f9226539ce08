import {
  priceBoundsStateSchema,
  stationPricesSchema,
  type PriceBounds,
  type PriceChange,
} from '@stod/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, auditReasonHeader, unwrap } from './api.ts';

const pricesKey = (stationId: number) => ['admin', 'stations', stationId, 'prices'] as const;

/** A station's products with their prices, bounds and the changes still to come. */
export const useStationPrices = (stationId: number) =>
  useQuery({
    queryKey: pricesKey(stationId),
    queryFn: ({ signal }) =>
      unwrap(
        apiRequest(`/admin/stations/${String(stationId)}/prices`, {
          schema: stationPricesSchema,
          signal,
        }),
      ),
  });

/** New prices, now or from a time, with the reason the audit log keeps. */
export function useChangePrices(stationId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ change, reason }: { change: PriceChange; reason: string }) =>
      unwrap(
        apiRequest(`/admin/stations/${String(stationId)}/prices`, {
          method: 'PUT',
          body: change,
          headers: auditReasonHeader(reason),
          schema: stationPricesSchema,
        }),
      ),
    onSuccess: (saved) => client.setQueryData(pricesKey(stationId), saved),
  });
}

export function useCancelPriceChange(stationId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changeId: number) =>
      unwrap(
        apiRequest(`/admin/stations/${String(stationId)}/prices/${String(changeId)}`, {
          method: 'DELETE',
          schema: z.null(),
        }),
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: pricesKey(stationId) }),
  });
}

/** The bounds of a product (its code, at every station). */
export function useSetBounds(stationId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, bounds }: { productId: number; bounds: PriceBounds }) =>
      unwrap(
        apiRequest(`/admin/products/${String(productId)}/bounds`, {
          method: 'PUT',
          body: bounds,
          schema: priceBoundsStateSchema,
        }),
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: pricesKey(stationId) }),
  });
}
