import { menuAvailabilityStateSchema, menuSchema } from '@stod/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, unwrap } from './api.ts';

const menuKey = (stationId: number) => ['admin', 'stations', stationId, 'menu'] as const;

/** The station's menu as its customers see it now, sold-out dishes marked. */
export const useStationMenu = (stationId: number) =>
  useQuery({
    queryKey: menuKey(stationId),
    queryFn: ({ signal }) =>
      unwrap(
        apiRequest(`/food/stations/${String(stationId)}/menu`, { schema: menuSchema, signal }),
      ),
  });

/** Marks a dish sold out, or back. */
export function useMenuAvailability(stationId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      itemId,
      available,
      until,
    }: {
      itemId: string;
      available: boolean;
      /** Sold out until then, and back by itself. */
      until?: string | undefined;
    }) =>
      unwrap(
        apiRequest(
          `/admin/stations/${String(stationId)}/menu/${encodeURIComponent(itemId)}/availability`,
          {
            method: 'PUT',
            body: until ? { available, until } : { available },
            schema: menuAvailabilityStateSchema,
          },
        ),
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: menuKey(stationId) }),
  });
}
